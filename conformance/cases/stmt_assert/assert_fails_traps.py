# ---
# spec: Semantics of Statements 4 (AssertStmt: otherwise raise an assertion error with message)
# features: [stmt.assert, trap.assertion_failed]
# description: a false assertion raises an assertion error
# arg n: int32 = 0
# arg A: int32[1] = [0]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    assert n > 0, "n must be positive"
    A[0] = n
