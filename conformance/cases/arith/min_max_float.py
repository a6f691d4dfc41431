# ---
# spec: Evaluating PrimExprs 13.ii, 13.x-xi
# features: [expr.min, expr.max, dtype.float32, float.inf]
# description: Min and Max on ordinary floats and infinities
# arg A: float32[4] = [-inf, 1.5, -2.0, inf]
# arg B: float32[4] = [0.0, -1.5, -2.5, 3.4028234663852886e+38]
# arg L: float32[4]
# arg H: float32[4]
# assert_return L: [-inf, -1.5, -2.5, 3.4028234663852886e+38]
# assert_return H: [0.0, 1.5, -2.0, inf]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), L: T.Buffer((4,), "float32"), H: T.Buffer((4,), "float32")):
    for i in range(4):
        L[i] = T.min(A[i], B[i])
        H[i] = T.max(A[i], B[i])
