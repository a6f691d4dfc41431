# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_narrowing, cast.float_widening, dtype.float32, dtype.float16, dtype.float64, float.nan, float.inf]
# description: NaN and the infinities survive casts between float types
# arg A: float32[3] = [nan, inf, -inf]
# arg B: float16[3]
# arg C: float64[3]
# assert_return B: [nan, inf, -inf]
# assert_return C: [nan, inf, -inf]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float16"), C: T.Buffer((3,), "float64")):
    for i in range(3):
        B[i] = T.Cast("float16", A[i])
        C[i] = T.Cast("float64", A[i])
