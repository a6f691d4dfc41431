# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_widening, dtype.float16, dtype.float32, dtype.float64, dtype.bfloat16, float.subnormal, float.signed_zero]
# description: widening float casts are exact (float16 and bfloat16 to float32, float32 to float64), including subnormals and -0.0
# arg A: float16[4] = [65504.0, 5.960464477539063e-08, -0.0, 0.0999755859375]
# arg B: float32[4]
# arg C: float32[4] = [0.10000000149011612, 3.4028234663852886e+38, 1.401298464324817e-45, -0.0]
# arg D: float64[4]
# arg E: bfloat16[3] = [1.5, -0.0, 3.3895313892515355e+38]
# arg F: float32[3]
# assert_return B: [65504.0, 5.960464477539063e-08, -0.0, 0.0999755859375]
# assert_return D: [0.10000000149011612, 3.4028234663852886e+38, 1.401298464324817e-45, -0.0]
# assert_return F: [1.5, -0.0, 3.3895313892515355e+38]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32"), D: T.Buffer((4,), "float64"), E: T.Buffer((3,), "bfloat16"), F: T.Buffer((3,), "float32")):
    for i in range(4):
        B[i] = T.Cast("float32", A[i])
        D[i] = T.Cast("float64", C[i])
    for i in range(3):
        F[i] = T.Cast("float32", E[i])
