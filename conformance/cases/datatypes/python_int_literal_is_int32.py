# ---
# spec: tvmscript.md 5.7, 6.1; Evaluating PrimExprs 13.ii
# features: [literal.python, dtype.int32, expr.add]
# description: a Python int that fits in int32 has dtype int32, so x = 2147483647; x + 1 wraps in 32 bits
# arg B: int64[1]
# assert_return B: [-2147483648]
# ---
@T.prim_func
def main(B: T.Buffer((1,), "int64")):
    x = 2147483647
    B[0] = T.Cast("int64", x + 1)
