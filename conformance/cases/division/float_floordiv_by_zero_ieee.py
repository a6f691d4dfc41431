# ---
# spec: Evaluating PrimExprs 13.ii, 13.viii-ix; spec-readings 5
# features: [expr.floordiv, expr.floormod, dtype.float32, float.inf, float.nan]
# description: float FloorDiv/FloorMod by zero do not trap: floor(1/0) = inf, floor(-1/0) = -inf, floor(0/0) = NaN, and 1 - inf*0 = NaN
# arg A: float32[3] = [1.0, -1.0, 0.0]
# arg B: float32[3] = [0.0, 0.0, 0.0]
# arg Q: float32[3]
# arg R: float32[3]
# assert_return Q: [inf, -inf, nan]
# assert_return R: [nan, nan, nan]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32"), Q: T.Buffer((3,), "float32"), R: T.Buffer((3,), "float32")):
    for i in range(3):
        Q[i] = T.FloorDiv(A[i], B[i])
        R[i] = T.FloorMod(A[i], B[i])
