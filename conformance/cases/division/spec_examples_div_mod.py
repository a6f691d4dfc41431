# ---
# spec: Comparison Between Div, Mod, FloorDiv, and FloorMod
# features: [expr.div, expr.mod, expr.floordiv, expr.floormod, dtype.int32]
# description: the spec's examples: 5/2 = 2, -5/2 = -2, -5 % 2 = -1 (Div/Mod as in C); FloorDiv -5 by 2 = -3 and FloorMod = 1 (never negative)
# arg A: int32[2] = [5, -5]
# arg D: int32[2]
# arg M: int32[2]
# arg FD: int32[2]
# arg FM: int32[2]
# assert_return D: [2, -2]
# assert_return M: [1, -1]
# assert_return FD: [2, -3]
# assert_return FM: [1, 1]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), D: T.Buffer((2,), "int32"), M: T.Buffer((2,), "int32"), FD: T.Buffer((2,), "int32"), FM: T.Buffer((2,), "int32")):
    for i in range(2):
        D[i] = T.truncdiv(A[i], 2)
        M[i] = T.truncmod(A[i], 2)
        FD[i] = A[i] // 2
        FM[i] = A[i] % 2
