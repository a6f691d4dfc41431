# ---
# spec: Evaluating PrimExprs 13.i, 13.vi-ix
# features: [expr.div, expr.mod, expr.floordiv, expr.floormod, vector.slice, dtype.int32]
# description: the four division operators act lane by lane on int32x4 vectors
# arg A: int32[4] = [7, -7, 7, -7]
# arg B: int32[4] = [2, 2, -2, -2]
# arg D: int32[4]
# arg M: int32[4]
# arg FD: int32[4]
# arg FM: int32[4]
# assert_return D: [3, -3, -3, 3]
# assert_return M: [1, -1, 1, -1]
# assert_return FD: [3, -4, -4, 3]
# assert_return FM: [1, 1, -1, -1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), M: T.Buffer((4,), "int32"), FD: T.Buffer((4,), "int32"), FM: T.Buffer((4,), "int32")):
    D[0:4] = T.truncdiv(A[0:4], B[0:4])
    M[0:4] = T.truncmod(A[0:4], B[0:4])
    FD[0:4] = A[0:4] // B[0:4]
    FM[0:4] = A[0:4] % B[0:4]
