# ---
# spec: tvmscript.md 7.1 (T.isinf, T.isfinite)
# features: [builtin.isinf, builtin.isfinite, dtype.float32, dtype.bool, float.inf, float.nan]
# description: isinf is true for +-inf only; isfinite is false for infinities and NaN
# arg A: float32[4] = [inf, -inf, nan, 3.4028234663852886e+38]
# arg B: bool[4]
# arg C: bool[4]
# assert_return B: [true, true, false, false]
# assert_return C: [false, false, false, true]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "bool"), C: T.Buffer((4,), "bool")):
    for i in range(4):
        B[i] = T.isinf(A[i])
        C[i] = T.isfinite(A[i])
