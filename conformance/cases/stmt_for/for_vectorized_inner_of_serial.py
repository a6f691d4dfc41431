# ---
# spec: Semantics of Statements 12.i, 12.iii
# features: [for.vectorized, for.serial]
# description: a serial outer loop around a vectorized inner loop (split 3 x 4) gives the serial result
# arg A: int32[12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
# arg B: int32[12]
# assert_return B: [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33]
# ---
@T.prim_func
def main(A: T.Buffer((12,), "int32"), B: T.Buffer((12,), "int32")):
    for io in range(3):
        for ii in T.vectorized(4):
            B[io * 4 + ii] = A[io * 4 + ii] * 3
