# ---
# spec: Evaluating PrimExprs 13.i, 13.viii; spec-readings 5
# features: [expr.floordiv, vector.slice, dtype.int32, trap.division_by_zero]
# description: a vector FloorDiv with one zero lane in the divisor is a runtime error
# arg A: int32[4] = [7, 8, 9, 10]
# arg B: int32[4] = [1, 2, 0, 5]
# arg Q: int32[4]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), Q: T.Buffer((4,), "int32")):
    Q[0:4] = A[0:4] // B[0:4]
