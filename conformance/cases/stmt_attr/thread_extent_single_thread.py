# ---
# spec: Semantics of Statements 3.i.b (no guarantee about how many threads execute the body)
# features: [stmt.attr, attr.thread_extent]
# description: with one worker thread every index of a thread_extent region still runs
# threads: 1
# arg A: int32[6]
# assert_return A: [0, 2, 4, 6, 8, 10]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32")):
    tx = T.launch_thread("threadIdx.x", 6)
    A[tx] = tx * 2
