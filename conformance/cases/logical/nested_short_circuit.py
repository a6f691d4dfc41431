# ---
# spec: Evaluating PrimExprs 14.i
# features: [expr.and, expr.or, logical.short_circuit]
# description: (i < 4 and A[i] > 0) or i == 5 evaluates A[i] only for i < 4
# arg A: int32[4] = [1, 0, -3, 7]
# arg B: bool[6]
# assert_return B: [true, false, false, true, false, true]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "bool")):
    for i in range(6):
        B[i] = (i < 4 and A[i] > 0) or i == 5
