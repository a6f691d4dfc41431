# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_narrowing, dtype.int32, dtype.uint16]
# description: casting to an unsigned type truncates the most significant bits (value modulo 2^16)
# arg A: int32[4] = [-1, 65536, 65537, 70000]
# arg B: uint16[4]
# assert_return B: [65535, 0, 1, 4464]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "uint16")):
    for i in range(4):
        B[i] = T.Cast("uint16", A[i])
