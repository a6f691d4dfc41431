# ---
# spec: Evaluating PrimExprs 13.viii; tvmscript.md 6.3
# features: [expr.floordiv, dtype.int64]
# description: T.FloorDiv on int64 near the extremes rounds toward minus infinity
# arg A: int64[3] = [-9223372036854775807, 9223372036854775807, -9223372036854775808]
# arg B: int64[3] = [2, -2, 3]
# arg Q: int64[3]
# assert_return Q: [-4611686018427387904, -4611686018427387904, -3074457345618258603]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int64"), B: T.Buffer((3,), "int64"), Q: T.Buffer((3,), "int64")):
    for i in range(3):
        Q[i] = T.FloorDiv(A[i], B[i])
