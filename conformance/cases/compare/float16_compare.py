# ---
# spec: Evaluating PrimExprs 16.i (IEEE 754 binary16)
# features: [expr.lt, expr.eq, expr.ne, dtype.float16, float.nan, dtype.bool]
# description: float16 comparisons distinguish values one ulp apart and treat NaN as unordered
# arg A: float16[3] = [1.0, 65504.0, nan]
# arg B: float16[3] = [1.0009765625, inf, nan]
# arg LT: bool[3]
# arg EQ: bool[3]
# arg NE: bool[3]
# assert_return LT: [true, true, false]
# assert_return EQ: [false, false, false]
# assert_return NE: [true, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float16"), B: T.Buffer((3,), "float16"), LT: T.Buffer((3,), "bool"), EQ: T.Buffer((3,), "bool"), NE: T.Buffer((3,), "bool")):
    for i in range(3):
        LT[i] = A[i] < B[i]
        EQ[i] = A[i] == B[i]
        NE[i] = A[i] != B[i]
