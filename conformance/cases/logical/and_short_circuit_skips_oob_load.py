# ---
# spec: Evaluating PrimExprs 14.i.a; spec-readings 8, 13
# features: [expr.and, logical.short_circuit, dtype.bool, dtype.int32]
# description: scalar And does not evaluate its right side when the left is false, so A[i] (out of bounds for i >= 4) is never loaded
# arg A: int32[4] = [1, -1, 2, 0]
# arg B: int32[6]
# assert_return B: [1, 0, 1, 0, 0, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        B[i] = T.Select(i < 4 and A[i] > 0, 1, 0)
