# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.v
# features: [expr.mul, dtype.int32, arith.int_wraparound]
# description: int32 multiplication keeps the low 32 bits of the product
# arg A: int32[4] = [65536, 46341, -2147483648, 123456789]
# arg B: int32[4] = [65536, 46341, -1, 1000]
# arg C: int32[4]
# assert_return C: [0, -2147479015, -2147483648, -1097262584]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    for i in range(4):
        C[i] = A[i] * B[i]
