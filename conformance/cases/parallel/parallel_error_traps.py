# ---
# spec: Semantics of Statements 12.ii (an error in one execution: execution does not proceed past the For)
# features: [for.parallel, stmt.assert, trap.assertion_failed]
# description: a failing assertion in one iteration of a parallel loop is reported
# threads: 4
# arg A: int32[64]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((64,), "int32")):
    for i in T.parallel(64):
        assert i != 37, "i must not be 37"
        A[i] = i
