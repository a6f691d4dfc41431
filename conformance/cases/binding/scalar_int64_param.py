# ---
# spec: Semantics of Statements 1.i
# features: [binding.scalar, dtype.int64]
# description: an int64 scalar parameter keeps a value beyond the int32 range
# arg x: int64 = 5000000000
# arg A: int64[1]
# assert_return A: [5000000001]
# ---
@T.prim_func
def main(x: T.int64, A: T.Buffer((1,), "int64")):
    A[0] = x + T.int64(1)
