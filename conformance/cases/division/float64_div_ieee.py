# ---
# spec: Evaluating PrimExprs 13.ii, 13.vi (IEEE 754 division)
# features: [expr.div, dtype.float64, float.inf, float.subnormal, float.rounding]
# description: float64 Div: 1/3 rounds to nearest, 1/0 is inf, the smallest subnormal halved rounds (to even) to 0, overflow to inf
# arg A: float64[4] = [1.0, 1.0, 5e-324, 1e+308]
# arg B: float64[4] = [3.0, 0.0, 2.0, 1e-10]
# arg Q: float64[4]
# assert_return Q: [0.3333333333333333, inf, 0.0, inf]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float64"), B: T.Buffer((4,), "float64"), Q: T.Buffer((4,), "float64")):
    for i in range(4):
        Q[i] = A[i] / B[i]
