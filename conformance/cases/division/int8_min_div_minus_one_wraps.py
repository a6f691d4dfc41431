# ---
# spec: Evaluating PrimExprs 13.ii, 13.vi-ix; spec-readings 5
# features: [expr.div, expr.mod, expr.floordiv, expr.floormod, dtype.int8, arith.int_wraparound]
# description: the most negative int8 divided by -1 wraps to itself for Div and FloorDiv (no error); Mod and FloorMod give 0
# arg A: int8[1] = [-128]
# arg B: int8[1] = [-1]
# arg Q: int8[4]
# assert_return Q: [-128, 0, -128, 0]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int8"), B: T.Buffer((1,), "int8"), Q: T.Buffer((4,), "int8")):
    Q[0] = T.truncdiv(A[0], B[0])
    Q[1] = T.truncmod(A[0], B[0])
    Q[2] = A[0] // B[0]
    Q[3] = A[0] % B[0]
