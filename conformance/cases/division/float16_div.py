# ---
# spec: Evaluating PrimExprs 13.ii, 13.vi (IEEE 754 binary16)
# features: [expr.div, dtype.float16, float.inf, float.rounding]
# description: float16 Div rounds to float16 (1/3 -> 1365 * 2^-12) and x/0 is inf
# arg A: float16[3] = [1.0, -1.0, 65504.0]
# arg B: float16[3] = [3.0, 0.0, 0.5]
# arg Q: float16[3]
# assert_return Q: [0.333251953125, -inf, inf]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float16"), B: T.Buffer((3,), "float16"), Q: T.Buffer((3,), "float16")):
    for i in range(3):
        Q[i] = A[i] / B[i]
