# ---
# spec: Evaluating PrimExprs 13.ix; spec-readings 5
# features: [expr.floormod, dtype.int32, trap.division_by_zero]
# description: integer FloorMod by zero is a runtime error
# arg A: int32[4] = [7, 8, 9, 10]
# arg B: int32[4] = [1, 2, 0, 5]
# arg Q: int32[4]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), Q: T.Buffer((4,), "int32")):
    for i in range(4):
        Q[i] = A[i] % B[i]
