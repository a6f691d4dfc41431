# ---
# spec: Typing Rules for Statements 12 (condition must be an Int or UInt scalar)
# features: [stmt.while, typing.while, dtype.float32]
# description: a while whose condition is a float32 load is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    while A[0]:
        A[0] = A[0] - T.float32(1)
