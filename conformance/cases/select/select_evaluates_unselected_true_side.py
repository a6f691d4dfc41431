# ---
# spec: Evaluating PrimExprs 6.ii ("Select is not short-circuiting"); spec-readings 7, 13
# features: [expr.select, select.evaluates_both, trap.out_of_bounds]
# description: Select evaluates its true value even when the condition is 0, so an out-of-bounds load there is an error (i = 4)
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[6]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        B[i] = T.Select(i < 4, A[i], 0)
