# ---
# spec: Evaluating PrimExprs 13.ix; tvmscript.md 6.3
# features: [expr.floormod, dtype.int64]
# description: T.FloorMod on int64 near the extremes takes the sign of the divisor
# arg A: int64[3] = [-9223372036854775807, 9223372036854775807, -9223372036854775808]
# arg B: int64[3] = [2, -2, 3]
# arg Q: int64[3]
# assert_return Q: [1, -1, 1]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int64"), B: T.Buffer((3,), "int64"), Q: T.Buffer((3,), "int64")):
    for i in range(3):
        Q[i] = T.FloorMod(A[i], B[i])
