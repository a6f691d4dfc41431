# ---
# spec: tvmscript.md 7.1 (T.isnan: bool result)
# features: [builtin.isnan, dtype.float32, dtype.float64, dtype.bool, float.nan]
# description: T.isnan is true only for NaN (not for infinities or zero), for float32 and float64
# arg A: float32[5] = [nan, 1.0, inf, -inf, 0.0]
# arg B: float64[2] = [nan, 1e+308]
# arg C: bool[5]
# arg D: bool[2]
# assert_return C: [true, false, false, false, false]
# assert_return D: [true, false]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((2,), "float64"), C: T.Buffer((5,), "bool"), D: T.Buffer((2,), "bool")):
    for i in range(5):
        C[i] = T.isnan(A[i])
    for i in range(2):
        D[i] = T.isnan(B[i])
