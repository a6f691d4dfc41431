# ---
# spec: Semantics of Statements 4 (AssertStmt), 12.i (serial For)
# features: [stmt.assert, for.serial]
# description: an assertion checked every iteration that always holds lets every iteration run
# arg A: int32[5] = [1, 2, 3, 4, 5]
# arg B: int32[5]
# assert_return B: [2, 4, 6, 8, 10]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((5,), "int32")):
    for i in range(5):
        assert A[i] >= 0, "negative input"
        B[i] = A[i] * 2
