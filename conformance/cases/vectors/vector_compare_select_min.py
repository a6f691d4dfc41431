# ---
# spec: Evaluating PrimExprs 6.iv, 16.i
# features: [vector.compare, vector.select, vector.slice, dtype.int32]
# description: a lane-wise comparison feeding a lane-wise Select (minimum of two int32x8 vectors)
# arg A: int32[8] = [1, 9, -3, 4, 0, 7, -8, 2]
# arg B: int32[8] = [5, 2, -4, 4, 1, -7, -2, 3]
# arg C: int32[8]
# assert_return C: [1, 2, -4, 4, 0, -7, -8, 2]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), C: T.Buffer((8,), "int32")):
    C[0:8] = T.Select(A[0:8] < B[0:8], A[0:8], B[0:8])
