# ---
# spec: Typing Rules for Statements 1; Semantics of Statements 2
# features: [stmt.let, dtype.int64]
# description: an int64 let var holds a value beyond the int32 range
# arg n: int64 = 3000000000
# arg B: int64[1] = [0]
# assert_return B: [6000000001]
# ---
@T.prim_func
def main(n: T.int64, B: T.Buffer((1,), "int64")):
    x: T.int64 = n * T.int64(2)
    B[0] = x + T.int64(1)
