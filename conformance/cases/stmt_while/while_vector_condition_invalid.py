# ---
# spec: Typing Rules for Statements 12 (condition must be a scalar)
# features: [stmt.while, typing.while, vector.slice]
# description: a while whose condition is a 4-lane bool vector is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    while A[0:4] < T.Broadcast(10, 4):
        A[0] = A[0] + 1
