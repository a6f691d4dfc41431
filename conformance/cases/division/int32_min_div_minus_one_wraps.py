# ---
# spec: Evaluating PrimExprs 13.ii, 13.vi-ix; spec-readings 5
# features: [expr.div, expr.mod, expr.floordiv, expr.floormod, dtype.int32, arith.int_wraparound]
# description: the most negative int32 divided by -1 wraps to itself for Div and FloorDiv (no error); Mod and FloorMod give 0
# arg A: int32[1] = [-2147483648]
# arg B: int32[1] = [-1]
# arg Q: int32[4]
# assert_return Q: [-2147483648, 0, -2147483648, 0]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32"), Q: T.Buffer((4,), "int32")):
    Q[0] = T.truncdiv(A[0], B[0])
    Q[1] = T.truncmod(A[0], B[0])
    Q[2] = A[0] // B[0]
    Q[3] = A[0] % B[0]
