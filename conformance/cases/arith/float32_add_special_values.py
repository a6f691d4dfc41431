# ---
# spec: Evaluating PrimExprs 13.ii-iii (IEEE 754)
# features: [expr.add, dtype.float32, float.inf, float.nan]
# description: float32 addition follows IEEE 754: inf + -inf is NaN, overflow gives inf, NaN propagates
# arg A: float32[5] = [inf, inf, 3e+38, 1.0, nan]
# arg B: float32[5] = [-inf, 1.0, 3e+38, -1.0, 1.0]
# arg C: float32[5]
# assert_return C: [nan, inf, inf, 0.0, nan]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), C: T.Buffer((5,), "float32")):
    for i in range(5):
        C[i] = A[i] + B[i]
