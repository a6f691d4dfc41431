# ---
# spec: Evaluating PrimExprs 13.ii, 13.v (IEEE 754)
# features: [expr.mul, dtype.float32, float.inf, float.nan, float.signed_zero]
# description: float32 multiplication: inf * 0 is NaN, -1 * 0 is -0, overflow gives inf, NaN * 0 is NaN, inf * -2 is -inf
# arg A: float32[5] = [inf, -1.0, 1e+30, nan, inf]
# arg B: float32[5] = [0.0, 0.0, 1e+10, 0.0, -2.0]
# arg C: float32[5]
# assert_return C: [nan, -0.0, inf, nan, -inf]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), C: T.Buffer((5,), "float32")):
    for i in range(5):
        C[i] = A[i] * B[i]
