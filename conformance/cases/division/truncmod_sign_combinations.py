# ---
# spec: Evaluating PrimExprs 13.vii; Comparison Between Div, Mod, FloorDiv, and FloorMod
# features: [expr.mod, dtype.int32]
# description: integer Mod x - (x/y)*y takes the sign of the dividend
# arg A: int32[7] = [7, -7, 7, -7, 0, 6, -1]
# arg B: int32[7] = [2, 2, -2, -2, 5, -3, 2]
# arg Q: int32[7]
# assert_return Q: [1, -1, 1, -1, 0, 0, -1]
# ---
@T.prim_func
def main(A: T.Buffer((7,), "int32"), B: T.Buffer((7,), "int32"), Q: T.Buffer((7,), "int32")):
    for i in range(7):
        Q[i] = T.truncmod(A[i], B[i])
