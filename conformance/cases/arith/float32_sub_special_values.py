# ---
# spec: Evaluating PrimExprs 13.ii, 13.iv (IEEE 754)
# features: [expr.sub, dtype.float32, float.inf, float.nan]
# description: float32 subtraction: inf - inf is NaN, -inf - inf is -inf, -3e38 - 3e38 overflows to -inf
# arg A: float32[4] = [inf, -inf, -3e+38, 1.5]
# arg B: float32[4] = [inf, inf, 3e+38, nan]
# arg C: float32[4]
# assert_return C: [nan, -inf, -inf, nan]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    for i in range(4):
        C[i] = A[i] - B[i]
