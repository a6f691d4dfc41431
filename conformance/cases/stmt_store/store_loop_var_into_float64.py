# ---
# spec: tvmscript.md 5.2 (conversion on store); Expr semantics 5 (int to float cast)
# features: [stmt.store, cast.store_conversion, dtype.float64]
# description: an int32 loop var stored into a float64 buffer becomes the same number
# arg A: float64[4]
# assert_return A: [0.0, 1.0, 2.0, 3.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float64")):
    for i in range(4):
        A[i] = i
