# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_to_float, dtype.int32, dtype.float16]
# description: int32 to float16 rounds to 11 significant bits, ties to even (2049 -> 2048, 2051 -> 2052, 65519 -> 65504)
# arg A: int32[4] = [2049, 2051, 65519, -2049]
# arg B: float16[4]
# assert_return B: [2048.0, 2052.0, 65504.0, -2048.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float16")):
    for i in range(4):
        B[i] = T.Cast("float16", A[i])
