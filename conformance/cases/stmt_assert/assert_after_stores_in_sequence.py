# ---
# spec: Semantics of Statements 4, 9 (SeqStmt order)
# features: [stmt.assert, stmt.seq]
# description: an assertion placed after stores checks the value they wrote
# arg A: int32[2] = [3, 0]
# assert_return A: [3, 6]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    A[1] = A[0] * 2
    assert A[1] == 6, "doubling failed"
    A[0] = A[0]
