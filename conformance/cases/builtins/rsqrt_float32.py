# ---
# spec: tvmscript.md 7.1 (T.rsqrt: 1 / sqrt(x))
# features: [builtin.rsqrt, dtype.float32, float.inf]
# description: rsqrt(x) = 1 / sqrt(x): rsqrt(0) = inf, rsqrt(inf) = 0
# arg A: float32[5] = [4.0, 0.25, 1.0, 0.0, inf]
# arg B: float32[5]
# assert_return B: [0.5, 2.0, 1.0, inf, 0.0] rtol=1e-6
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.rsqrt(A[i])
