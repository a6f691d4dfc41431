# elementwise add of 16M float16: parallel outer loop, inner loop vectorized
# with 16 lanes
@T.prim_func
def main(A: T.Buffer((16777216,), "float16"), B: T.Buffer((16777216,), "float16"), C: T.Buffer((16777216,), "float16")):
    for io in T.parallel(1048576):
        for ii in T.vectorized(16):
            C[io * 16 + ii] = A[io * 16 + ii] + B[io * 16 + ii]
