# ---
# spec: Typing Rules for Statements 3 (condition must be a Bool scalar)
# features: [stmt.assert, typing.assert, dtype.float32]
# description: an assertion whose condition is a float32 load is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    assert A[0], "nonzero"
    A[0] = T.float32(1)
