# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_sign_change, dtype.uint64, dtype.int64]
# description: uint64 values of 2^63 and above become negative int64 values
# arg A: uint64[2] = [18446744073709551615, 9223372036854775808]
# arg B: int64[2]
# assert_return B: [-1, -9223372036854775808]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint64"), B: T.Buffer((2,), "int64")):
    for i in range(2):
        B[i] = T.Cast("int64", A[i])
