# ---
# spec: Semantics of Statements 3.i (thread_extent: evaluate body v times binding node to i); tvmscript.md 5.6
# features: [stmt.attr, attr.thread_extent]
# description: `bx = T.launch_thread("blockIdx.x", 4)` runs the rest of the suite for bx = 0..3
# threads: 2
# arg A: int32[4] = [0, 0, 0, 0]
# assert_return A: [1, 11, 21, 31]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    bx = T.launch_thread("blockIdx.x", 4)
    A[bx] = bx * 10 + 1
