# ---
# spec: Semantics of Statements 12.i.a (min and extent cast to the loop var's width); Typing Rules for Statements 11.iii-iv
# features: [for.serial, for.int64, dtype.int64]
# description: `range(T.int64(4))` gives an int64 loop var (literal min 0 promoted); arithmetic on it is 64-bit
# arg B: int64[4]
# assert_return B: [0, 3000000000, 6000000000, 9000000000]
# ---
@T.prim_func
def main(B: T.Buffer((T.int64(4),), "int64")):
    for i in range(T.int64(4)):
        B[i] = i * T.int64(3000000000)
