# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_to_float, dtype.int32, dtype.bfloat16]
# description: int32 to bfloat16 rounds to 8 significant bits, ties to even (257 -> 256, 259 -> 260, 65535 -> 65536)
# arg A: int32[4] = [257, 259, 65535, -257]
# arg B: bfloat16[4]
# assert_return B: [256.0, 260.0, 65536.0, -256.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "bfloat16")):
    for i in range(4):
        B[i] = T.Cast("bfloat16", A[i])
