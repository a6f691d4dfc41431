# ---
# spec: Semantics of Statements 4; tvmscript.md 5.8
# features: [stmt.assert, trap.assertion_failed]
# description: `assert False, msg` always raises an assertion error
# arg A: int32[1] = [0]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    assert False, "always fails"
    A[0] = 1
