# ---
# spec: Comparison Between Div, Mod, FloorDiv, and FloorMod ("With Div and Mod, these rules would all depend on the sign of x or the sign of x + N")
# features: [expr.div, expr.mod, dtype.int32, property.floor_division]
# description: with truncating Div, Div(x + N, N) - Div(x, N) is 0 for x in [-3, -1] (N = 4) and Mod(x + N, N) - Mod(x, N) is 4 for x in [-3, -1]
# arg n: int32 = 4
# arg D: int32[13]
# arg M: int32[13]
# assert_return D: [1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1]
# assert_return M: [0, 0, 0, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0]
# ---
@T.prim_func
def main(n: T.int32, D: T.Buffer((13,), "int32"), M: T.Buffer((13,), "int32")):
    for i in range(13):
        D[i] = T.truncdiv(i - 6 + n, n) - T.truncdiv(i - 6, n)
        M[i] = T.truncmod(i - 6 + n, n) - T.truncmod(i - 6, n)
