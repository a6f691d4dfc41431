# ---
# spec: Evaluating PrimExprs 13.viii
# features: [runner.values]
# description: exact integer results; the output starts zero-filled
# arg A: int32[6] = [-7, 7, -8, 8, -1, 0]
# arg B: int32[2, 3]
# assert_return B: [[-4, 3, -4], [4, -1, 0]]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32"), B: T.Buffer((2, 3), "int32")):
    for i, j in T.grid(2, 3):
        B[i, j] = T.floordiv(A[i * 3 + j], 2)
