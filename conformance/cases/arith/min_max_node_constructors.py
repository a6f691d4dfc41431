# ---
# spec: Evaluating PrimExprs 13.x-xi; tvmscript.md 6.5
# features: [expr.min, expr.max, dtype.int16]
# description: the exact constructors T.Min/T.Max build the same nodes as T.min/T.max for equal dtypes
# arg A: int16[3] = [-32768, 5, 7]
# arg B: int16[3] = [32767, 5, -7]
# arg L: int16[3]
# arg H: int16[3]
# assert_return L: [-32768, 5, -7]
# assert_return H: [32767, 5, 7]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int16"), B: T.Buffer((3,), "int16"), L: T.Buffer((3,), "int16"), H: T.Buffer((3,), "int16")):
    for i in range(3):
        L[i] = T.Min(A[i], B[i])
        H[i] = T.Max(A[i], B[i])
