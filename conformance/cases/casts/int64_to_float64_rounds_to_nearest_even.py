# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_to_float, dtype.int64, dtype.float64]
# description: int64 to float64 rounds to nearest, ties to even (2^53+1 -> 2^53, 2^53+3 -> 2^53+4)
# arg A: int64[3] = [9007199254740993, 9007199254740995, -9007199254740993]
# arg B: float64[3]
# assert_return B: [9007199254740992.0, 9007199254740996.0, -9007199254740992.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int64"), B: T.Buffer((3,), "float64")):
    for i in range(3):
        B[i] = T.Cast("float64", A[i])
