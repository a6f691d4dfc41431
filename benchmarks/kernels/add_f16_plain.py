# elementwise add of 16M float16 (each sum computed in float32, rounded once)
@T.prim_func
def main(A: T.Buffer((16777216,), "float16"), B: T.Buffer((16777216,), "float16"), C: T.Buffer((16777216,), "float16")):
    for i in range(16777216):
        C[i] = A[i] + B[i]
