# ---
# spec: Semantics of Statements 12.ii, 12.iii; tvmscript.md 11.2
# features: [for.parallel, for.vectorized, dtype.float32]
# description: a parallel outer loop with a vectorized inner loop (add + relu) gives the serial result
# threads: 4
# arg A: float32[2, 4] = [1, -2, 3, -4, -5, 6, -7, 8]
# arg B: float32[2, 4] = [0.5, 0.5, 0.5, 0.5, 10, 10, 10, 10]
# arg C: float32[2, 4]
# assert_return C: [1.5, 0, 3.5, 0, 5, 16, 3, 18]
# ---
@T.prim_func
def main(A: T.Buffer((2, 4), "float32"), B: T.Buffer((2, 4), "float32"), C: T.Buffer((2, 4), "float32")):
    for i in T.parallel(2):
        for j in T.vectorized(4):
            C[i, j] = T.max(A[i, j] + B[i, j], T.float32(0))
