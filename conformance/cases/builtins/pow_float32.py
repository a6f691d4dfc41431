# ---
# spec: tvmscript.md 7.1 (T.pow: C pow)
# features: [builtin.pow, dtype.float32, float.nan]
# description: pow(2, 10) = 1024, pow(2, 0.5) = sqrt 2, pow(0, 0) = 1, pow(2, -1) = 0.5, pow(-8, 1/3) = NaN, pow(4, 0.5) = 2
# arg X: float32[6] = [2.0, 2.0, 0.0, 2.0, -8.0, 4.0]
# arg Y: float32[6] = [10.0, 0.5, 0.0, -1.0, 0.3333333432674408, 0.5]
# arg B: float32[6]
# assert_return B: [1024.0, 1.4142135623730951, 1.0, 0.5, nan, 2.0] rtol=1e-6
# ---
@T.prim_func
def main(X: T.Buffer((6,), "float32"), Y: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.pow(X[i], Y[i])
