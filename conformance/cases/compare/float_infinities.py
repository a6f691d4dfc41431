# ---
# spec: Evaluating PrimExprs 16.i (IEEE 754 comparison)
# features: [expr.gt, expr.lt, expr.eq, expr.ge, dtype.float32, float.inf, dtype.bool]
# description: inf is above the largest finite float, -inf below the lowest, inf == inf
# arg A: float32[4] = [inf, -inf, inf, -inf]
# arg B: float32[4] = [3.4028234663852886e+38, -3.4028234663852886e+38, inf, inf]
# arg GT: bool[4]
# arg LT: bool[4]
# arg EQ: bool[4]
# arg GE: bool[4]
# assert_return GT: [true, false, false, false]
# assert_return LT: [false, true, false, true]
# assert_return EQ: [false, false, true, false]
# assert_return GE: [true, false, true, false]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), GT: T.Buffer((4,), "bool"), LT: T.Buffer((4,), "bool"), EQ: T.Buffer((4,), "bool"), GE: T.Buffer((4,), "bool")):
    for i in range(4):
        GT[i] = A[i] > B[i]
        LT[i] = A[i] < B[i]
        EQ[i] = A[i] == B[i]
        GE[i] = A[i] >= B[i]
