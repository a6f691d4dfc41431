# ---
# spec: Semantics of Statements 3.i (thread_extent), 12.i (serial For)
# features: [stmt.attr, attr.thread_extent, for.serial]
# description: each thread index runs a serial loop over its own row
# threads: 4
# arg A: int32[3, 4]
# assert_return A: [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]
# ---
@T.prim_func
def main(A: T.Buffer((3, 4), "int32")):
    tx = T.launch_thread("threadIdx.x", 3)
    for j in range(4):
        A[tx, j] = tx * 10 + j
