# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.v
# features: [expr.mul, dtype.int64, arith.int_wraparound]
# description: int64 multiplication keeps the low 64 bits of the product
# arg A: int64[3] = [4294967296, -9223372036854775808, 3037000500]
# arg B: int64[3] = [4294967296, -1, 3037000500]
# arg C: int64[3]
# assert_return C: [0, -9223372036854775808, -9223372036709301616]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int64"), B: T.Buffer((3,), "int64"), C: T.Buffer((3,), "int64")):
    for i in range(3):
        C[i] = A[i] * B[i]
