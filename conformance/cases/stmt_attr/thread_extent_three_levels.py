# ---
# spec: Semantics of Statements 3.i (thread_extent)
# features: [stmt.attr, attr.thread_extent]
# description: three nested thread_extent regions (2 x 2 x 2) run the body 8 times with distinct indices
# threads: 4
# arg A: int32[8]
# assert_return A: [0, 1, 10, 11, 100, 101, 110, 111]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    bx = T.launch_thread("blockIdx.x", 2)
    ty = T.launch_thread("threadIdx.y", 2)
    tx = T.launch_thread("threadIdx.x", 2)
    A[bx * 4 + ty * 2 + tx] = bx * 100 + ty * 10 + tx
