# ---
# spec: tvmscript.md 5.2 (value converted to the buffer dtype); Expr semantics 5 (casts from float to int truncate)
# features: [stmt.store, cast.store_conversion, dtype.int32]
# description: storing 2.7 and -2.7 into an int32 buffer stores 2 and -2
# arg A: int32[2] = [0, 0]
# assert_return A: [2, -2]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    A[0] = 2.7
    A[1] = -2.7
