# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iii
# features: [expr.add, dtype.uint64, arith.int_wraparound]
# description: uint64 addition wraps modulo 2^64
# arg A: uint64[2] = [18446744073709551615, 18446744073709551615]
# arg B: uint64[2] = [1, 18446744073709551615]
# arg C: uint64[2]
# assert_return C: [0, 18446744073709551614]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint64"), B: T.Buffer((2,), "uint64"), C: T.Buffer((2,), "uint64")):
    for i in range(2):
        C[i] = A[i] + B[i]
