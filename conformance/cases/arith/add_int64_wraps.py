# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iii
# features: [expr.add, dtype.int64, arith.int_wraparound]
# description: int64 addition wraps modulo 2^64
# arg A: int64[2] = [9223372036854775807, -9223372036854775808]
# arg B: int64[2] = [1, -1]
# arg C: int64[2]
# assert_return C: [-9223372036854775808, 9223372036854775807]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int64"), B: T.Buffer((2,), "int64"), C: T.Buffer((2,), "int64")):
    for i in range(2):
        C[i] = A[i] + B[i]
