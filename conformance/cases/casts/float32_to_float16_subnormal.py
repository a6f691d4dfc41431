# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_narrowing, dtype.float32, dtype.float16, float.subnormal]
# description: float32 to float16 in the subnormal range: 2^-24 stays, 2^-25 -> 0 (tie to even), 3*2^-25 -> 2^-23, 1e-8 -> 0
# arg A: float32[6] = [5.960464477539063e-08, 2.9802322387695312e-08, 8.940696716308594e-08, 1e-08, 6.103515625e-05, 6.097555160522461e-05]
# arg B: float16[6]
# assert_return B: [5.960464477539063e-08, 0.0, 1.1920928955078125e-07, 0.0, 6.103515625e-05, 6.097555160522461e-05]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float16")):
    for i in range(6):
        B[i] = T.Cast("float16", A[i])
