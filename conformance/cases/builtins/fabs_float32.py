# ---
# spec: tvmscript.md 7.1 (T.fabs, T.abs on floats)
# features: [builtin.fabs, dtype.float32, float.signed_zero, float.inf, float.nan]
# description: fabs clears the sign: fabs(-0.0) = +0.0, fabs(-inf) = inf, fabs(NaN) is NaN; T.abs on a float is the same
# arg A: float32[5] = [-1.5, 1.5, -0.0, -inf, nan]
# arg B: float32[5]
# arg C: float32[5]
# assert_return B: [1.5, 1.5, 0.0, inf, nan]
# assert_return C: [1.5, 1.5, 0.0, inf, nan]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), C: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.fabs(A[i])
        C[i] = T.abs(A[i])
