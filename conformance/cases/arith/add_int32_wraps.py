# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iii
# features: [expr.add, dtype.int32, arith.int_wraparound]
# description: int32 addition wraps modulo 2^32
# arg A: int32[3] = [2147483647, -2147483648, 2147483647]
# arg B: int32[3] = [1, -1, 2147483647]
# arg C: int32[3]
# assert_return C: [-2147483648, 2147483647, -2]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), C: T.Buffer((3,), "int32")):
    for i in range(3):
        C[i] = A[i] + B[i]
