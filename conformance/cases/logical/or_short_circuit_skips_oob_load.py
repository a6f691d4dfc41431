# ---
# spec: Evaluating PrimExprs 14.i.b; spec-readings 8, 13
# features: [expr.or, logical.short_circuit, dtype.bool, dtype.int32]
# description: scalar Or does not evaluate its right side when the left is true, so A[i] is never loaded for i >= 4
# arg A: int32[4] = [1, -1, 2, 0]
# arg B: int32[6]
# assert_return B: [1, 0, 1, 0, 1, 1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        B[i] = T.Select(i >= 4 or A[i] > 0, 1, 0)
