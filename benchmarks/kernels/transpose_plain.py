# transpose of a 4096x4096 float32 matrix
@T.prim_func
def main(A: T.Buffer((4096, 4096), "float32"), B: T.Buffer((4096, 4096), "float32")):
    for i, j in T.grid(4096, 4096):
        B[i, j] = A[j, i]
