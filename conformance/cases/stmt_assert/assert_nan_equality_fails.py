# ---
# spec: Semantics of Statements 4; Expr semantics 16 (IEEE comparisons); spec-readings 10
# features: [stmt.assert, trap.assertion_failed, dtype.float32, float.nan]
# description: `x == x` is false for NaN, so the assertion fails
# arg A: float32[1] = [nan]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    assert A[0] == A[0], "NaN is not equal to itself"
    A[0] = T.float32(0)
