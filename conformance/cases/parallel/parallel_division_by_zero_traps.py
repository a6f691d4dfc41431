# ---
# spec: Semantics of Statements 12.ii; Expr semantics 13.vi; spec-readings 5
# features: [for.parallel, trap.division_by_zero]
# description: an integer division by zero in one parallel iteration is an error
# threads: 2
# arg A: int32[8] = [1, 2, 3, 4, 0, 6, 7, 8]
# arg B: int32[8]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in T.parallel(8):
        B[i] = T.truncdiv(100, A[i])
