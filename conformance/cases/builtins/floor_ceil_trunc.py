# ---
# spec: tvmscript.md 7.1 (T.floor, T.ceil, T.trunc); C floor/ceil/trunc
# features: [builtin.floor, builtin.ceil, builtin.trunc, dtype.float32, float.signed_zero]
# description: floor rounds toward -inf, ceil toward +inf, trunc toward zero; ceil(-0.5) and trunc(-0.5) are -0.0
# arg A: float32[8] = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.7, -2.7, 3.0]
# arg F: float32[8]
# arg C: float32[8]
# arg R: float32[8]
# assert_return F: [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, -3.0, 3.0]
# assert_return C: [-2.0, -1.0, -0.0, 1.0, 2.0, 3.0, -2.0, 3.0]
# assert_return R: [-2.0, -1.0, -0.0, 0.0, 1.0, 2.0, -2.0, 3.0]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), F: T.Buffer((8,), "float32"), C: T.Buffer((8,), "float32"), R: T.Buffer((8,), "float32")):
    for i in range(8):
        F[i] = T.floor(A[i])
        C[i] = T.ceil(A[i])
        R[i] = T.trunc(A[i])
