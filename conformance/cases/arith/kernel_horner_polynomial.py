# ---
# spec: Evaluating PrimExprs 13.ii-v
# features: [kernel, expr.add, expr.sub, expr.mul, dtype.float64]
# description: evaluates p(x) = 2x^3 - 3x^2 + x - 5 by Horner's rule in float64 (all results exact)
# arg X: float64[5] = [0.0, 1.0, 2.0, -1.0, 0.5]
# arg Y: float64[5]
# assert_return Y: [-5.0, -5.0, 1.0, -11.0, -5.0]
# ---
@T.prim_func
def main(X: T.Buffer((5,), "float64"), Y: T.Buffer((5,), "float64")):
    for i in range(5):
        Y[i] = ((T.float64(2) * X[i] - T.float64(3)) * X[i] + T.float64(1)) * X[i] - T.float64(5)
