# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iv
# features: [expr.sub, dtype.uint64, arith.int_wraparound]
# description: uint64 subtraction wraps modulo 2^64
# arg A: uint64[2] = [0, 5]
# arg B: uint64[2] = [1, 6]
# arg C: uint64[2]
# assert_return C: [18446744073709551615, 18446744073709551615]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint64"), B: T.Buffer((2,), "uint64"), C: T.Buffer((2,), "uint64")):
    for i in range(2):
        C[i] = A[i] - B[i]
