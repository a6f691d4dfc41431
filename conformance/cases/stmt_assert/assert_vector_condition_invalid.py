# ---
# spec: Typing Rules for Statements 3 (condition must be a Bool scalar)
# features: [stmt.assert, typing.assert, vector.slice]
# description: an assertion whose condition is a 4-lane bool vector is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    assert A[0:4] > T.Broadcast(0, 4), "all positive"
    A[0] = 1
