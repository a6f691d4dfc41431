# ---
# spec: Evaluating PrimExprs 15, 16; spec-readings 10
# features: [expr.not, expr.lt, expr.eq, float.nan, dtype.bool]
# description: not (NaN < 1) and not (NaN == NaN) are true, while NaN >= 1 is false: Not does not turn < into >=
# arg A: float32[1] = [nan]
# arg B: bool[3]
# assert_return B: [true, true, false]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((3,), "bool")):
    B[0] = not (A[0] < T.float32(1))
    B[1] = not (A[0] == A[0])
    B[2] = A[0] >= T.float32(1)
