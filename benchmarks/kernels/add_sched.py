# elementwise add of 16M float32: parallel outer loop, 64-lane vectors
@T.prim_func
def main(A: T.Buffer((16777216,), "float32"), B: T.Buffer((16777216,), "float32"), C: T.Buffer((16777216,), "float32")):
    for io in T.parallel(262144):
        C[io * 64:io * 64 + 64] = A[io * 64:io * 64 + 64] + B[io * 64:io * 64 + 64]
