# ---
# spec: Semantics of Statements 12.ii, 3.i (a thread_extent region nested in a parallel loop)
# features: [for.parallel, attr.thread_extent]
# description: every parallel iteration runs a thread_extent region over its row
# threads: 4
# arg A: int32[3, 4]
# assert_return A: [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]
# ---
@T.prim_func
def main(A: T.Buffer((3, 4), "int32")):
    for i in T.parallel(3):
        tx = T.launch_thread("threadIdx.x", 4)
        A[i, tx] = i * 10 + tx
