# ---
# spec: tvmscript.md 7.1 (T.exp, C expf); IEEE 754
# features: [builtin.exp, dtype.float32, float.inf, float.nan]
# description: exp(-inf) = 0, exp(inf) = inf, exp(NaN) = NaN; exp(100) overflows float32 to inf and exp(-200) underflows to 0
# arg A: float32[5] = [-inf, inf, nan, 100.0, -200.0]
# arg B: float32[5]
# assert_return B: [0.0, inf, nan, inf, 0.0]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.exp(A[i])
