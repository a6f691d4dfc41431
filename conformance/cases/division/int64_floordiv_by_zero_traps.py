# ---
# spec: Evaluating PrimExprs 13.viii; spec-readings 5
# features: [expr.floordiv, dtype.int64, trap.division_by_zero]
# description: int64 FloorDiv by zero is a runtime error
# arg A: int64[4] = [7, 8, 9, 10]
# arg B: int64[4] = [1, 2, 0, 5]
# arg Q: int64[4]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int64"), B: T.Buffer((4,), "int64"), Q: T.Buffer((4,), "int64")):
    for i in range(4):
        Q[i] = A[i] // B[i]
