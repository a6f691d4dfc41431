# ---
# spec: Evaluating PrimExprs 14.i
# features: [expr.and, expr.or, dtype.bool]
# description: And and Or on bool scalars over all four input combinations
# arg A: bool[4] = [false, false, true, true]
# arg B: bool[4] = [false, true, false, true]
# arg C: bool[4]
# arg D: bool[4]
# assert_return C: [false, false, false, true]
# assert_return D: [false, true, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "bool"), B: T.Buffer((4,), "bool"), C: T.Buffer((4,), "bool"), D: T.Buffer((4,), "bool")):
    for i in range(4):
        C[i] = A[i] and B[i]
        D[i] = A[i] or B[i]
