# ---
# spec: Comparison Between Div, Mod, FloorDiv, and FloorMod ((a/b)*b + (a % b) = a)
# features: [expr.div, expr.mod, expr.floordiv, expr.floormod, dtype.int32, property.floor_division]
# description: (a/b)*b + a%b reconstructs a both for Div/Mod and for FloorDiv/FloorMod, for all sign combinations
# arg A: int32[6] = [7, -7, 7, -7, -2147483647, 2147483647]
# arg B: int32[6] = [3, 3, -3, -3, 10, -10]
# arg T1: int32[6]
# arg T2: int32[6]
# assert_return T1: [7, -7, 7, -7, -2147483647, 2147483647]
# assert_return T2: [7, -7, 7, -7, -2147483647, 2147483647]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32"), B: T.Buffer((6,), "int32"), T1: T.Buffer((6,), "int32"), T2: T.Buffer((6,), "int32")):
    for i in range(6):
        T1[i] = T.truncdiv(A[i], B[i]) * B[i] + T.truncmod(A[i], B[i])
        T2[i] = A[i] // B[i] * B[i] + A[i] % B[i]
