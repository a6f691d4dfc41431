# ---
# spec: Semantics of Statements 12.v (kThreadBinding has the semantics of kParallel); tvmscript.md 5.3
# features: [for.thread_binding]
# description: blockIdx.x x threadIdx.x thread-binding loops writing disjoint elements give the serial result with 4 worker thread(s)
# threads: 4
# arg A: int32[4, 8]
# assert_return A: [0, 1, 2, 3, 4, 5, 6, 7, 100, 101, 102, 103, 104, 105, 106, 107, 200, 201, 202, 203, 204, 205, 206, 207, 300, 301, 302, 303, 304, 305, 306, 307]
# ---
@T.prim_func
def main(A: T.Buffer((4, 8), "int32")):
    for b in T.thread_binding(4, thread="blockIdx.x"):
        for t in T.thread_binding(8, thread="threadIdx.x"):
            A[b, t] = b * 100 + t
