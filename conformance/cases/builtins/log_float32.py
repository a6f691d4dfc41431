# ---
# spec: tvmscript.md 7.1 (T.log: natural logarithm, C logf); IEEE 754
# features: [builtin.log, dtype.float32, float.inf, float.nan, float.signed_zero]
# description: log(1) = 0, log(float32(e)) ~ 1, log(+-0) = -inf, log(-1) = NaN, log(inf) = inf, log(0.5) = -ln 2
# arg A: float32[7] = [1.0, 2.718281828459045, 0.0, -0.0, -1.0, inf, 0.5]
# arg B: float32[7]
# assert_return B: [0.0, 0.99999996963214, -inf, -inf, nan, inf, -0.6931471805599453] rtol=1e-6 atol=1e-7
# ---
@T.prim_func
def main(A: T.Buffer((7,), "float32"), B: T.Buffer((7,), "float32")):
    for i in range(7):
        B[i] = T.log(A[i])
