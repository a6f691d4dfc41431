# ---
# spec: Typing Rules for Statements 11.iii (an IntImm min narrower than the loop var is promoted), 11.v
# features: [for.serial, for.int64, dtype.int64]
# description: `T.serial(1, n64)` with an int32 literal min and an int64 stop is valid and runs 1 .. n-1
# arg n: int64 = 4
# arg B: int64[4]
# assert_return B: [0, 1, 2, 3]
# ---
@T.prim_func
def main(n: T.int64, B: T.Buffer((T.int64(4),), "int64")):
    for i in T.serial(1, n):
        B[i] = i
