# ---
# spec: Semantics of Statements 4 (AssertStmt), 12.i (serial For)
# features: [stmt.assert, for.serial, trap.assertion_failed]
# description: an assertion that fails in the fourth loop iteration raises an error
# arg A: int32[5] = [1, 2, 3, -4, 5]
# arg B: int32[5]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((5,), "int32")):
    for i in range(5):
        assert A[i] >= 0, "negative input"
        B[i] = A[i]
