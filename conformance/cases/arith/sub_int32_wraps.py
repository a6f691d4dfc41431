# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iv
# features: [expr.sub, dtype.int32, arith.int_wraparound]
# description: int32 subtraction wraps modulo 2^32
# arg A: int32[2] = [-2147483648, 2147483647]
# arg B: int32[2] = [1, -1]
# arg C: int32[2]
# assert_return C: [2147483647, -2147483648]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32"), C: T.Buffer((2,), "int32")):
    for i in range(2):
        C[i] = A[i] - B[i]
