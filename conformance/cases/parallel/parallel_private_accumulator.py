# ---
# spec: Semantics of Statements 12.ii, 7
# features: [for.parallel, stmt.allocate]
# description: per-iteration accumulators (allocated in the body) compute row sums in parallel
# threads: 4
# arg A: float32[4, 4] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
# arg B: float32[4]
# assert_return B: [10, 26, 42, 58]
# ---
@T.prim_func
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((4,), "float32")):
    for i in T.parallel(4):
        p = T.allocate([1], "float32", "global")
        acc = T.Buffer((1,), "float32", data=p)
        acc[0] = T.float32(0)
        for j in range(4):
            acc[0] = acc[0] + A[i, j]
        B[i] = acc[0]
