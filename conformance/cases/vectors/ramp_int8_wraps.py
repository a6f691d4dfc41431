# ---
# spec: Evaluating PrimExprs 8.ii ("following the arithmetical semantics given under the rule for binary operators"), 13.ii
# features: [vector.ramp, dtype.int8, arith.int_wraparound]
# description: Ramp lanes are computed in the base dtype, so an int8 Ramp wraps (120, 125, 130 -> -126, 135 -> -121)
# arg A: int8[1] = [120]
# arg B: int8[4]
# assert_return B: [120, 125, -126, -121]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int8"), B: T.Buffer((4,), "int8")):
    B[0:4] = T.Ramp(A[0], T.int8(5), 4)
