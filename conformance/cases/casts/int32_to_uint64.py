# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_sign_change, dtype.int32, dtype.uint64]
# description: int32 -1 cast to uint64 is 2^64 - 1
# arg A: int32[2] = [-1, 5]
# arg B: uint64[2]
# assert_return B: [18446744073709551615, 5]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "uint64")):
    for i in range(2):
        B[i] = T.Cast("uint64", A[i])
