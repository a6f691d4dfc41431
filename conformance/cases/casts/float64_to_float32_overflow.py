# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_narrowing, dtype.float64, dtype.float32, float.inf]
# description: float64 values beyond the float32 range round to infinity; the halfway point 2^128-2^103 rounds (to even) to inf; 3.4028235e38 rounds down to FLT_MAX
# arg A: float64[5] = [3.5e+38, -3.5e+38, 3.4028235e+38, 3.4028235677973366e+38, 1e+300]
# arg B: float32[5]
# assert_return B: [inf, -inf, 3.4028234663852886e+38, inf, inf]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float64"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.Cast("float32", A[i])
