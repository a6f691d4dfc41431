# ---
# spec: Comparison Between Div, Mod, FloorDiv, and FloorMod (FloorDiv(x + N, N) = FloorDiv(x, N) + 1, FloorMod(x + N, N) = FloorMod(x, N))
# features: [expr.floordiv, expr.floormod, dtype.int32, property.floor_division]
# description: for x in [-6, 6] and N = 4 (read at run time), FloorDiv(x + N, N) - FloorDiv(x, N) is always 1 and FloorMod(x + N, N) - FloorMod(x, N) always 0
# arg n: int32 = 4
# arg D: int32[13]
# arg M: int32[13]
# assert_return D: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
# assert_return M: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
# ---
@T.prim_func
def main(n: T.int32, D: T.Buffer((13,), "int32"), M: T.Buffer((13,), "int32")):
    for i in range(13):
        D[i] = T.FloorDiv(i - 6 + n, n) - T.FloorDiv(i - 6, n)
        M[i] = T.FloorMod(i - 6 + n, n) - T.FloorMod(i - 6, n)
