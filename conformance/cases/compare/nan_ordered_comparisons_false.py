# ---
# spec: Evaluating PrimExprs 16.i, 16.iv-vii; spec-readings 10
# features: [expr.lt, expr.le, expr.gt, expr.ge, dtype.float32, float.nan, dtype.bool]
# description: every ordered comparison with a NaN operand (on either side, also against inf) is false
# arg A: float32[4] = [nan, 1.0, nan, -inf]
# arg B: float32[4] = [1.0, nan, nan, nan]
# arg LT: bool[4]
# arg LE: bool[4]
# arg GT: bool[4]
# arg GE: bool[4]
# assert_return LT: [false, false, false, false]
# assert_return LE: [false, false, false, false]
# assert_return GT: [false, false, false, false]
# assert_return GE: [false, false, false, false]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), LT: T.Buffer((4,), "bool"), LE: T.Buffer((4,), "bool"), GT: T.Buffer((4,), "bool"), GE: T.Buffer((4,), "bool")):
    for i in range(4):
        LT[i] = A[i] < B[i]
        LE[i] = A[i] <= B[i]
        GT[i] = A[i] > B[i]
        GE[i] = A[i] >= B[i]
