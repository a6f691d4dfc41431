# ---
# spec: Evaluating PrimExprs 13.viii; Comparison Between Div, Mod, FloorDiv, and FloorMod
# features: [expr.floordiv, dtype.int32]
# description: FloorDiv rounds toward minus infinity for every sign combination
# arg A: int32[7] = [7, -7, 7, -7, 0, 6, -1]
# arg B: int32[7] = [2, 2, -2, -2, 5, -3, 2]
# arg Q: int32[7]
# assert_return Q: [3, -4, -4, 3, 0, -2, -1]
# ---
@T.prim_func
def main(A: T.Buffer((7,), "int32"), B: T.Buffer((7,), "int32"), Q: T.Buffer((7,), "int32")):
    for i in range(7):
        Q[i] = A[i] // B[i]
