# ---
# spec: Evaluating PrimExprs 6.ii ("Select is not short-circuiting"); spec-readings 5, 7, 15
# features: [expr.select, select.evaluates_both, trap.division_by_zero]
# description: Select evaluates its false value even when the condition is always 1, so 10 // d with d = 0 is an error (the arms read no buffer, so spec-readings 15 does not apply)
# arg d: int32 = 0
# arg B: int32[4]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(d: T.int32, B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Select(i < 4, i * 2, 10 // d)
