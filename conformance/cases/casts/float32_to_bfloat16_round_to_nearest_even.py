# ---
# spec: Evaluating PrimExprs 5, 13.ii (bfloat16 format)
# features: [expr.cast, cast.float_narrowing, dtype.float32, dtype.bfloat16, float.inf, float.nan]
# description: float32 to bfloat16 rounds to nearest even (1+2^-8 -> 1, 1+3*2^-8 -> 1+2^-6); FLT_MAX and the bfloat16 halfway point overflow to inf; NaN stays NaN
# arg A: float32[6] = [1.00390625, 1.01171875, 1.0039072036743164, 3.4028234663852886e+38, 3.39617752923046e+38, nan]
# arg B: bfloat16[6]
# assert_return B: [1.0, 1.015625, 1.0078125, inf, inf, nan]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "bfloat16")):
    for i in range(6):
        B[i] = T.Cast("bfloat16", A[i])
