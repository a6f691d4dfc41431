# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_narrowing, dtype.float32, dtype.float16, float.inf]
# description: float32 to float16 rounds to nearest even; 65519 -> 65504, 65520 (halfway to 2^16) -> inf
# arg A: float32[6] = [1.00048828125, 1.00146484375, 1.0004892349243164, 65519.0, 65520.0, -65520.0]
# arg B: float16[6]
# assert_return B: [1.0, 1.001953125, 1.0009765625, 65504.0, inf, -inf]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float16")):
    for i in range(6):
        B[i] = T.Cast("float16", A[i])
