# ---
# spec: Evaluating PrimExprs 14.i.b; spec-readings 8
# features: [expr.or, logical.short_circuit, dtype.bool]
# description: the exact constructor T.Or skips its right side when the left side is true
# arg A: int32[2] = [5, 0]
# arg B: bool[4]
# assert_return B: [true, false, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((4,), "bool")):
    for i in range(4):
        B[i] = T.Or(i >= 2, A[i] != 0)
