# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_narrowing, dtype.float64, dtype.float32, float.subnormal, float.signed_zero]
# description: float64 to float32 rounds into the subnormal range to nearest even (2^-150 -> 0, 3*2^-150 -> 2^-148) and keeps the sign of zero
# arg A: float64[5] = [7.006492321624085e-46, 2.1019476964872256e-45, 1.401298464324817e-45, 1e-50, -7.006492321624085e-46]
# arg B: float32[5]
# assert_return B: [0.0, 2.802596928649634e-45, 1.401298464324817e-45, 0.0, -0.0]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float64"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.Cast("float32", A[i])
