# ---
# spec: Semantics of Statements 4; tvmscript.md 5.8 (a Python True becomes T.bool)
# features: [stmt.assert]
# description: `assert True, msg` passes and runs the rest of the suite
# arg A: int32[1] = [0]
# assert_return A: [1]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    assert True, "never fails"
    A[0] = 1
