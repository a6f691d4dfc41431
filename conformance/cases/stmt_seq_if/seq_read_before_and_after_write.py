# ---
# spec: Semantics of Statements 9 (SeqStmt)
# features: [stmt.seq]
# description: a load before a store sees the old value, a load after it sees the new one
# arg A: int32[1] = [3]
# arg B: int32[2]
# assert_return B: [3, 5]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[0]
    A[0] = 5
    B[1] = A[0]
