# ---
# spec: Evaluating PrimExprs 7.v, 8; Semantics of Statements 5.v.c
# features: [kernel, vector.strided_slice, vector.ramp, expr.add, expr.sub, dtype.int32]
# description: deinterleaves pairs (a0, b0, a1, b1, ...) with stride-2 slices and writes sums and differences back interleaved
# arg X: int32[16] = [1, 2, 3, 4, 5, 6, 7, 8, 10, -10, 20, -20, 30, -30, 40, -40]
# arg Y: int32[16]
# assert_return Y: [3, -1, 7, -1, 11, -1, 15, -1, 0, 20, 0, 40, 0, 60, 0, 80]
# ---
@T.prim_func
def main(X: T.Buffer((16,), "int32"), Y: T.Buffer((16,), "int32")):
    Y[0:16:2] = X[0:16:2] + X[1:16:2]
    Y[1:16:2] = X[0:16:2] - X[1:16:2]
