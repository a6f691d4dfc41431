# ---
# spec: Evaluating PrimExprs 5; spec-readings 6
# features: [expr.cast, cast.to_bool, dtype.float32, dtype.bool, float.nan, float.signed_zero]
# description: casting a float to bool gives 0 only for +-0.0; NaN, inf and subnormals give 1
# arg A: float32[6] = [0.0, -0.0, 0.5, nan, inf, 1.401298464324817e-45]
# arg B: bool[6]
# assert_return B: [false, false, true, true, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "bool")):
    for i in range(6):
        B[i] = T.Cast("bool", A[i])
