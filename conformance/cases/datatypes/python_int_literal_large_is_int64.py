# ---
# spec: tvmscript.md 5.7, 6.1; Evaluating PrimExprs 13.iii
# features: [literal.python, dtype.int64, expr.add]
# description: a Python int outside the int32 range has dtype int64, so x = 2147483648; x + 1 does not wrap
# arg B: int64[1]
# assert_return B: [2147483649]
# ---
@T.prim_func
def main(B: T.Buffer((1,), "int64")):
    x = 2147483648
    B[0] = x + 1
