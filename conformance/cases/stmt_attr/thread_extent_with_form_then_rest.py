# ---
# spec: Semantics of Statements 3.i (thread_extent), 3.i.c (node in scope only in body), 9 (SeqStmt)
# features: [stmt.attr, attr.thread_extent, stmt.seq]
# description: `with T.launch_thread(tx, 4):` runs its suite per index; the statement after it runs once
# threads: 2
# arg A: int32[4] = [0, 0, 0, 0]
# arg B: int32[1] = [5]
# assert_return A: [3, 4, 5, 6]
# assert_return B: [6]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, 4):
        A[tx] = tx + 3
    B[0] = B[0] + 1
