# ---
# spec: Semantics of Statements 12.iii (kVectorized: same visible result as running every iteration)
# features: [for.vectorized, dtype.float32]
# description: a vectorized elementwise loop gives the serial result
# arg A: float32[8] = [1, 2, 3, 4, 5, 6, 7, 8]
# arg B: float32[8] = [0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1]
# arg C: float32[8]
# assert_return C: [1.5, 2.5, 3.5, 4.5, 6, 7, 8, 9]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), C: T.Buffer((8,), "float32")):
    for i in T.vectorized(8):
        C[i] = A[i] + B[i]
