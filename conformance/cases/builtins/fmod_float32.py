# ---
# spec: tvmscript.md 7.1 (T.fmod: C fmod, remainder with the sign of x)
# features: [builtin.fmod, dtype.float32, float.nan, float.signed_zero]
# description: fmod is exact and takes the sign of x: fmod(-7, 3) = -1, fmod(7, -3) = 1, fmod(x, 0) and fmod(inf, y) are NaN, fmod(-0, 1) = -0
# arg X: float32[7] = [7.0, -7.0, 7.0, 5.5, 1.0, inf, -0.0]
# arg Y: float32[7] = [3.0, 3.0, -3.0, 2.0, 0.0, 1.0, 1.0]
# arg B: float32[7]
# assert_return B: [1.0, -1.0, 1.0, 1.5, nan, nan, -0.0]
# ---
@T.prim_func
def main(X: T.Buffer((7,), "float32"), Y: T.Buffer((7,), "float32"), B: T.Buffer((7,), "float32")):
    for i in range(7):
        B[i] = T.fmod(X[i], Y[i])
