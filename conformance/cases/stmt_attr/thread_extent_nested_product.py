# ---
# spec: Semantics of Statements 3.i (thread_extent, nested regions cover the product space)
# features: [stmt.attr, attr.thread_extent]
# description: blockIdx.x (2) around threadIdx.x (3) runs the body for all 6 pairs
# threads: 4
# arg A: int32[2, 3]
# assert_return A: [0, 1, 2, 100, 101, 102]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    bx = T.launch_thread("blockIdx.x", 2)
    tx = T.launch_thread("threadIdx.x", 3)
    A[bx, tx] = bx * 100 + tx
