# ---
# spec: Evaluating PrimExprs 16.i-vii; tvmscript.md 6.3
# features: [expr.eq, expr.ne, expr.lt, expr.le, expr.gt, expr.ge, dtype.int64, dtype.bool]
# description: the exact constructors T.EQ, T.NE, T.LT, T.LE, T.GT, T.GE compare int64 values at the extremes
# arg A: int64[2] = [-9223372036854775808, 9223372036854775807]
# arg B: int64[2] = [9223372036854775807, 9223372036854775807]
# arg R: bool[12]
# assert_return R: [false, true, true, false, true, false, true, false, false, false, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int64"), B: T.Buffer((2,), "int64"), R: T.Buffer((12,), "bool")):
    for i in range(2):
        R[i * 6] = T.EQ(A[i], B[i])
        R[i * 6 + 1] = T.NE(A[i], B[i])
        R[i * 6 + 2] = T.LT(A[i], B[i])
        R[i * 6 + 3] = T.GT(A[i], B[i])
        R[i * 6 + 4] = T.LE(A[i], B[i])
        R[i * 6 + 5] = T.GE(A[i], B[i])
