# ---
# spec: Evaluating PrimExprs 16.i, 16.vii
# features: [expr.gt, expr.lt, dtype.uint64, dtype.int64, dtype.bool]
# description: uint64 values at and above 2^63 are greater than 2^63 - 1; int64 -1 is less than 0
# arg A: uint64[2] = [18446744073709551615, 9223372036854775808]
# arg B: uint64[2] = [9223372036854775807, 1]
# arg C: int64[2] = [-1, -9223372036854775808]
# arg D: int64[2] = [0, 9223372036854775807]
# arg U: bool[2]
# arg S: bool[2]
# assert_return U: [true, true]
# assert_return S: [true, true]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint64"), B: T.Buffer((2,), "uint64"), C: T.Buffer((2,), "int64"), D: T.Buffer((2,), "int64"), U: T.Buffer((2,), "bool"), S: T.Buffer((2,), "bool")):
    for i in range(2):
        U[i] = A[i] > B[i]
        S[i] = C[i] < D[i]
