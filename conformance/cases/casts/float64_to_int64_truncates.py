# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_to_int, dtype.float64, dtype.int64]
# description: float64 to int64 truncates toward zero, also for values beyond 2^32
# arg A: float64[4] = [123456789012.75, -9.99, 4503599627370495.5, -4503599627370495.5]
# arg B: int64[4]
# assert_return B: [123456789012, -9, 4503599627370495, -4503599627370495]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float64"), B: T.Buffer((4,), "int64")):
    for i in range(4):
        B[i] = T.Cast("int64", A[i])
