# ---
# id: returns.float_special_values_and_tolerances
# spec: Evaluating PrimExprs 13.ii, 13.vi
# features: [runner.values, runner.tolerance]
# description: NaN equals NaN, -0.0 equals 0.0 unless 'bits', tolerances in
#   absolute, relative and ulp terms
# arg A: float32[5] = [1.0, -1.0, 0.0, inf, 3.0]
# arg B: float32[5] = [0.0, 0.0, 0.0, inf, 7.0]
# arg C: float32[5]
# arg D: float32[5]
# arg Z: float32[5] = [-0.0, -0.0, -0.0, -0.0, -0.0]
# arg E: float64[2]
# assert_return C: [inf, -inf, nan, nan, 0.42857142857142855]
# assert_return D: [-0.0, 0.0, -0.0, nan, -0.0] bits
# assert_return E: [0.1, 0.30000000000000004] ulps=1
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), C: T.Buffer((5,), "float32"),
         D: T.Buffer((5,), "float32"), Z: T.Buffer((5,), "float32"), E: T.Buffer((2,), "float64")):
    for i in range(5):
        C[i] = A[i] / B[i]
        D[i] = A[i] * Z[i]
    E[0] = T.float64(0.1)
    E[1] = T.float64(0.1) + T.float64(0.2)
