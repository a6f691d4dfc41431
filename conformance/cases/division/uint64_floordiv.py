# ---
# spec: Evaluating PrimExprs 13.viii
# features: [expr.floordiv, dtype.uint64]
# description: FloorDiv on uint64 uses the full unsigned range
# arg A: uint64[3] = [18446744073709551615, 18446744073709551614, 10]
# arg B: uint64[3] = [10, 18446744073709551615, 3]
# arg Q: uint64[3]
# assert_return Q: [1844674407370955161, 0, 3]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "uint64"), B: T.Buffer((3,), "uint64"), Q: T.Buffer((3,), "uint64")):
    for i in range(3):
        Q[i] = A[i] // B[i]
