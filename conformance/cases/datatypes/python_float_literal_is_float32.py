# ---
# spec: tvmscript.md 5.7, 6.1; Evaluating PrimExprs 3, 5
# features: [literal.python, dtype.float32, cast.float_widening]
# description: a Python float has dtype float32, so x = 0.1 holds float32(0.1), which widens to 0.10000000149011612
# arg B: float64[1]
# assert_return B: [0.10000000149011612]
# ---
@T.prim_func
def main(B: T.Buffer((1,), "float64")):
    x = 0.1
    B[0] = T.Cast("float64", x)
