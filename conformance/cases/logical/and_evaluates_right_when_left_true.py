# ---
# spec: Evaluating PrimExprs 14.i.a ("If v1 is 1, then evaluate b"); spec-readings 13
# features: [expr.and, logical.short_circuit, trap.out_of_bounds]
# description: when the left side of And is true the right side is evaluated, so an out-of-bounds load there is an error
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[6]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        B[i] = T.Select(i >= 0 and A[i] > 0, 1, 0)
