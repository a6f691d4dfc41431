# ---
# spec: Evaluating PrimExprs 14.ii; tvmscript.md 6.3, 6.7
# features: [expr.and, expr.or, vector.slice, vector.compare, dtype.bool]
# description: Python and/or between boolx8 vectors combine lane by lane
# arg A: int32[8] = [0, 1, 2, 3, 4, 5, 6, 7]
# arg C: bool[8]
# arg D: bool[8]
# assert_return C: [false, false, true, true, true, false, false, false]
# assert_return D: [true, false, false, false, false, false, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), C: T.Buffer((8,), "bool"), D: T.Buffer((8,), "bool")):
    C[0:8] = (A[0:8] >= 2) and (A[0:8] < 5)
    D[0:8] = (A[0:8] < 1) or (A[0:8] > 5)
