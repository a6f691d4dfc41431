# ---
# spec: Evaluating PrimExprs 13.x-xi
# features: [kernel, expr.min, expr.max, dtype.float32]
# description: a clamp kernel max(lo, min(x, hi)) with scalar parameters
# arg X: float32[6] = [-3.0, -1.0, 0.0, 0.5, 1.0, 7.5]
# arg lo: float32 = -1.0
# arg hi: float32 = 1.0
# arg Y: float32[6]
# assert_return Y: [-1.0, -1.0, 0.0, 0.5, 1.0, 1.0]
# ---
@T.prim_func
def main(X: T.Buffer((6,), "float32"), lo: T.float32, hi: T.float32, Y: T.Buffer((6,), "float32")):
    for i in range(6):
        Y[i] = T.max(lo, T.min(X[i], hi))
