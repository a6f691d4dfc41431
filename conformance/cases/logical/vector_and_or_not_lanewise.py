# ---
# spec: Evaluating PrimExprs 14.ii, 15; tvmscript.md 6.7
# features: [expr.and, expr.or, expr.not, vector.slice, vector.compare, dtype.bool]
# description: And, Or and Not on bool vectors (boolx4) act lane by lane
# arg A: int32[4] = [1, 1, -1, -1]
# arg B: int32[4] = [1, -1, 1, -1]
# arg C: bool[4]
# arg D: bool[4]
# arg E: bool[4]
# assert_return C: [true, false, false, false]
# assert_return D: [true, true, true, false]
# assert_return E: [false, false, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "bool"), D: T.Buffer((4,), "bool"), E: T.Buffer((4,), "bool")):
    C[0:4] = T.And(A[0:4] > 0, B[0:4] > 0)
    D[0:4] = T.Or(A[0:4] > 0, B[0:4] > 0)
    E[0:4] = T.Not(A[0:4] > 0)
