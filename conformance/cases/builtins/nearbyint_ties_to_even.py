# ---
# spec: tvmscript.md 7.1 (T.nearbyint: nearest, ties to even, C nearbyint in the default rounding mode)
# features: [builtin.nearbyint, dtype.float32, float.signed_zero]
# description: T.nearbyint rounds halves to even (-2.5 -> -2, -1.5 -> -2, -0.5 -> -0.0, 0.5 -> 0, 2.5 -> 2)
# arg A: float32[8] = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.6, -0.4]
# arg B: float32[8]
# assert_return B: [-2.0, -2.0, -0.0, 0.0, 2.0, 2.0, 3.0, -0.0]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = T.nearbyint(A[i])
