# ---
# spec: Evaluating PrimExprs 13.vi; spec-readings 5
# features: [expr.div, dtype.uint32, trap.division_by_zero]
# description: unsigned Div by zero is a runtime error
# arg A: uint32[4] = [7, 8, 9, 10]
# arg B: uint32[4] = [1, 2, 0, 5]
# arg Q: uint32[4]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(A: T.Buffer((4,), "uint32"), B: T.Buffer((4,), "uint32"), Q: T.Buffer((4,), "uint32")):
    for i in range(4):
        Q[i] = A[i] / B[i]
