# ---
# spec: Typing Rules for Statements 9 (condition must be a Bool scalar)
# features: [stmt.if, typing.if, dtype.float32]
# description: an if whose condition is a float32 load is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32")):
    if A[0]:
        A[1] = T.float32(1)
