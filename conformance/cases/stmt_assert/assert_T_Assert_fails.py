# ---
# spec: Semantics of Statements 4 (AssertStmt); tvmscript.md 5.8 (T.Assert)
# features: [stmt.assert, trap.assertion_failed]
# description: `T.Assert(cond, msg)` with a false condition raises an assertion error
# arg A: float32[2] = [2.0, 1.0]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32")):
    T.Assert(A[0] < A[1], "A must be increasing")
    A[1] = A[0] + A[1]
