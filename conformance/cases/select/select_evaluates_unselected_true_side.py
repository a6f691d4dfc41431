# ---
# spec: Evaluating PrimExprs 6.ii ("Select is not short-circuiting"); spec-readings 5, 7, 15
# features: [expr.select, select.evaluates_both, trap.division_by_zero]
# description: Select evaluates its true value even when the condition is 0, so 10 // d with d = 0 is an error (the arms read no buffer)
# arg d: int32 = 0
# arg B: int32[4]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(d: T.int32, B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Select(i > 10, 10 // d, i)
