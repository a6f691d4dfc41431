# ---
# spec: Evaluating PrimExprs 13.vii; spec-readings 5
# features: [expr.mod, dtype.uint64, trap.division_by_zero]
# description: uint64 Mod by zero is a runtime error
# arg A: uint64[4] = [7, 8, 9, 10]
# arg B: uint64[4] = [1, 2, 0, 5]
# arg Q: uint64[4]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(A: T.Buffer((4,), "uint64"), B: T.Buffer((4,), "uint64"), Q: T.Buffer((4,), "uint64")):
    for i in range(4):
        Q[i] = T.truncmod(A[i], B[i])
