# ---
# spec: Semantics of Statements 12.iii (kVectorized); Evaluating PrimExprs 13
# features: [kernel, for.vectorized, expr.mul, expr.add, dtype.float32]
# description: y = a * x + y with an inner T.vectorized loop of 4 lanes and a scalar parameter a
# arg a: float32 = 2.0
# arg X: float32[12] = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0]
# arg Y: float32[12] = [1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, 0.5, 0.5, 0.5, 0.5]
# assert_return Y: [1.0, 3.0, 5.0, 7.0, 7.0, 9.0, 11.0, 13.0, 16.5, 18.5, 20.5, 22.5]
# ---
@T.prim_func
def main(a: T.float32, X: T.Buffer((12,), "float32"), Y: T.Buffer((12,), "float32")):
    for io in range(3):
        for ii in T.vectorized(4):
            Y[io * 4 + ii] = a * X[io * 4 + ii] + Y[io * 4 + ii]
