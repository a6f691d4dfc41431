# ---
# spec: tvmscript.md 7.1 (T.round: ties away from zero; T.nearbyint: ties to even)
# features: [builtin.round, builtin.nearbyint, dtype.float64]
# description: on float64, 2^52 - 1.5 rounds away to 2^52 - 1 but to even 2^52 - 2; -2.5 gives -3 and -2; 0.49999999999999994 gives 0 for both
# arg A: float64[3] = [4503599627370494.5, -2.5, 0.49999999999999994]
# arg R: float64[3]
# arg N: float64[3]
# assert_return R: [4503599627370495.0, -3.0, 0.0]
# assert_return N: [4503599627370494.0, -2.0, 0.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float64"), R: T.Buffer((3,), "float64"), N: T.Buffer((3,), "float64")):
    for i in range(3):
        R[i] = T.round(A[i])
        N[i] = T.nearbyint(A[i])
