# ---
# spec: Semantics of Statements 12.v, 12.ii.a; tvmscript.md 5.3 (T.thread_binding(start, stop, thread))
# features: [for.thread_binding]
# description: `T.thread_binding(2, 6, thread="threadIdx.x")` runs indices 2..5
# threads: 2
# arg A: int32[6]
# assert_return A: [0, 0, 4, 6, 8, 10]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32")):
    for t in T.thread_binding(2, 6, thread="threadIdx.x"):
        A[t] = t * 2
