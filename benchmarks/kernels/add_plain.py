# elementwise add of 16M float32
@T.prim_func
def main(A: T.Buffer((16777216,), "float32"), B: T.Buffer((16777216,), "float32"), C: T.Buffer((16777216,), "float32")):
    for i in range(16777216):
        C[i] = A[i] + B[i]
