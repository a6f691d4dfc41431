# ---
# spec: Evaluating PrimExprs 13.ii, 13.vi (IEEE 754 division); spec-readings 5
# features: [expr.div, dtype.float32, float.inf, float.nan, float.signed_zero]
# description: float Div follows IEEE 754: x/0 is +-inf, 0/0 and inf/inf are NaN, 1/-0 is -inf, no trap
# arg A: float32[8] = [1.0, -1.0, 0.0, 7.0, 1.0, -0.0, inf, 1.0]
# arg B: float32[8] = [0.0, 0.0, 0.0, 2.0, -0.0, 5.0, inf, 3.0]
# arg Q: float32[8]
# assert_return Q: [inf, -inf, nan, 3.5, -inf, -0.0, nan, 0.3333333432674408]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), Q: T.Buffer((8,), "float32")):
    for i in range(8):
        Q[i] = A[i] / B[i]
