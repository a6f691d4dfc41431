# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_narrowing, dtype.int64, dtype.int32]
# description: int64 to int32 keeps the low 32 bits
# arg A: int64[4] = [4294967301, 2147483648, -2147483649, -1]
# arg B: int32[4]
# assert_return B: [5, -2147483648, 2147483647, -1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int64"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Cast("int32", A[i])
