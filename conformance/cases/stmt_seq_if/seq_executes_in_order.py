# ---
# spec: Semantics of Statements 9 (SeqStmt: one after the other in list order)
# features: [stmt.seq]
# description: three dependent stores run in order (((0 + 1) * 10) + 2)
# arg A: int32[1] = [0]
# assert_return A: [12]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = A[0] + 1
    A[0] = A[0] * 10
    A[0] = A[0] + 2
