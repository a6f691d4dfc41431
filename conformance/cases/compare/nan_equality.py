# ---
# spec: Evaluating PrimExprs 16.i-iii; spec-readings 10
# features: [expr.eq, expr.ne, dtype.float32, float.nan, dtype.bool]
# description: NaN is unequal to everything, itself included: NaN == NaN is false, NaN != NaN is true
# arg A: float32[3] = [nan, nan, 1.0]
# arg B: float32[3] = [nan, 1.0, nan]
# arg E: bool[3]
# arg N: bool[3]
# assert_return E: [false, false, false]
# assert_return N: [true, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32"), E: T.Buffer((3,), "bool"), N: T.Buffer((3,), "bool")):
    for i in range(3):
        E[i] = A[i] == B[i]
        N[i] = A[i] != B[i]
