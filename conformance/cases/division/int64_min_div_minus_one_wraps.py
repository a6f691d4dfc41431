# ---
# spec: Evaluating PrimExprs 13.ii, 13.vi-ix; spec-readings 5
# features: [expr.div, expr.mod, expr.floordiv, expr.floormod, dtype.int64, arith.int_wraparound]
# description: the most negative int64 divided by -1 wraps to itself for Div and FloorDiv (no error); Mod and FloorMod give 0
# arg A: int64[1] = [-9223372036854775808]
# arg B: int64[1] = [-1]
# arg Q: int64[4]
# assert_return Q: [-9223372036854775808, 0, -9223372036854775808, 0]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int64"), B: T.Buffer((1,), "int64"), Q: T.Buffer((4,), "int64")):
    Q[0] = T.truncdiv(A[0], B[0])
    Q[1] = T.truncmod(A[0], B[0])
    Q[2] = A[0] // B[0]
    Q[3] = A[0] % B[0]
