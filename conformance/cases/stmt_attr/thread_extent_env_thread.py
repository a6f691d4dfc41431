# ---
# spec: Semantics of Statements 3.i (thread_extent); tvmscript.md 5.6
# features: [stmt.attr, attr.thread_extent]
# description: `T.env_thread` + `T.launch_thread(tx, 5)` binds tx to each index in [0, 5)
# threads: 2
# arg A: int32[5] = [0, 0, 0, 0, 0]
# assert_return A: [1, 2, 3, 4, 5]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    tx = T.env_thread("threadIdx.x")
    T.launch_thread(tx, 5)
    A[tx] = tx + 1
