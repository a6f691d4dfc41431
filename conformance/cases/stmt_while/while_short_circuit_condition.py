# ---
# spec: Semantics of Statements 13; Expr semantics 14.i (scalar And short-circuits); spec-readings 8
# features: [stmt.while, expr.and]
# description: `i < 4 and A[i] != 0` never loads A[4]: the scan stops at the end without an out-of-bounds error
# arg A: int32[4] = [5, 6, 7, 8]
# arg B: int32[1]
# assert_return B: [4]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = 0
    while B[0] < 4 and A[B[0]] != 0:
        B[0] = B[0] + 1
