# ---
# spec: Semantics of Statements 3.i (virtual_thread behaves like thread_extent); tvmscript.md 5.6
# features: [stmt.attr, attr.virtual_thread]
# description: `T.launch_thread("vthread", 3)` runs the body for vt = 0, 1, 2
# threads: 2
# arg A: int32[3] = [0, 0, 0]
# assert_return A: [100, 101, 102]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    vt = T.launch_thread("vthread", 3)
    A[vt] = vt + 100
