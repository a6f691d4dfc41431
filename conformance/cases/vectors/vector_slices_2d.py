# ---
# spec: Evaluating PrimExprs 7.v (only the last index is a vector); tvmscript.md 6.6
# features: [vector.slice, expr.add, dtype.int32]
# description: slices in the last dimension of a 2-D buffer: B[i, 0:4] = A[i, 0:4] + A[i, 4:8]
# arg A: int32[2, 8] = [[1, 2, 3, 4, 10, 20, 30, 40], [5, 6, 7, 8, 50, 60, 70, 80]]
# arg B: int32[2, 4]
# assert_return B: [[11, 22, 33, 44], [55, 66, 77, 88]]
# ---
@T.prim_func
def main(A: T.Buffer((2, 8), "int32"), B: T.Buffer((2, 4), "int32")):
    for i in range(2):
        B[i, 0:4] = A[i, 0:4] + A[i, 4:8]
