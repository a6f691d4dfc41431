# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_to_float, dtype.uint32, dtype.uint64, dtype.float32, dtype.float64]
# description: unsigned to float conversion uses the unsigned value (2^32-1 -> 2^32 in float32, 2^64-1 -> 2^64 in float64)
# arg A: uint32[2] = [4294967295, 2147483648]
# arg B: float32[2]
# arg C: uint64[2] = [18446744073709551615, 9223372036854775808]
# arg D: float64[2]
# assert_return B: [4294967296.0, 2147483648.0]
# assert_return D: [1.8446744073709552e+19, 9.223372036854776e+18]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint32"), B: T.Buffer((2,), "float32"), C: T.Buffer((2,), "uint64"), D: T.Buffer((2,), "float64")):
    for i in range(2):
        B[i] = T.Cast("float32", A[i])
        D[i] = T.Cast("float64", C[i])
