# ---
# spec: Typing Rules for Statements 3 (condition must be a Bool scalar)
# features: [stmt.assert, typing.assert]
# description: an assertion whose condition is an int32 Var is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    assert n, "n must be nonzero"
    A[0] = n
