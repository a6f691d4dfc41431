# ---
# spec: Typing Rules for Statements 9 (condition must be a Bool scalar)
# features: [stmt.if, typing.if, vector.slice]
# description: an if whose condition is a 4-lane bool vector is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    if A[0:4] == T.Broadcast(0, 4):
        A[0] = 1
