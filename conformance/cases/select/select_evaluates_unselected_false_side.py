# ---
# spec: Evaluating PrimExprs 6.ii ("Select is not short-circuiting"); spec-readings 7, 13
# features: [expr.select, select.evaluates_both, trap.out_of_bounds]
# description: Select evaluates its false value even when the condition is always 1, so A[i + 1] at i = 3 is an error
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[4]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Select(i < 4, A[i], A[i + 1])
