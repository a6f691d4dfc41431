# ---
# spec: Comparison Between Div, Mod, FloorDiv, and FloorMod (0 <= FloorMod(x, N) < N)
# features: [expr.floormod, expr.floordiv, dtype.int32, property.floor_division]
# description: for a positive N read at run time, FloorMod(x, N) lies in [0, N) for negative and positive x
# arg n: int32 = 4
# arg R: int32[13]
# arg OK: bool[13]
# assert_return R: [2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]
# assert_return OK: [true, true, true, true, true, true, true, true, true, true, true, true, true]
# ---
@T.prim_func
def main(n: T.int32, R: T.Buffer((13,), "int32"), OK: T.Buffer((13,), "bool")):
    for i in range(13):
        R[i] = (i - 6) % n
        OK[i] = 0 <= (i - 6) % n and (i - 6) % n < n
