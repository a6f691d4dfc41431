# ---
# spec: Semantics of Statements 3.i (thread_extent with value 1)
# features: [stmt.attr, attr.thread_extent]
# description: a thread_extent of 1 runs the body once with the index 0
# threads: 2
# arg A: int32[2] = [5, 5]
# assert_return A: [0, 6]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    tx = T.launch_thread("threadIdx.x", 1)
    A[tx] = tx
    A[tx + 1] = A[tx + 1] + 1
