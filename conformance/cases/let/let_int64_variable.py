# ---
# spec: Evaluating PrimExprs 10, 13.v
# features: [expr.let, dtype.int64]
# description: an int64 Let variable keeps 64-bit arithmetic in the body (x * x for x = 2^31)
# arg A: int64[2] = [2147483648, -3037000499]
# arg B: int64[2]
# assert_return B: [4611686018427387904, 9223372030926249001]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int64"), B: T.Buffer((2,), "int64")):
    x = T.int64()
    for i in range(2):
        B[i] = T.Let(x * x, where={x: A[i]})
