# ---
# spec: Semantics of Statements 5 (BufferStore), 9 (SeqStmt order)
# features: [stmt.store, stmt.seq]
# description: two stores to one element in sequence leave the second value
# arg A: int32[1] = [0]
# assert_return A: [2]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = 1
    A[0] = 2
