# ---
# spec: tvmscript.md 7.1 (T.erf: error function; TVM's own approximation has an absolute error near 1e-7)
# features: [builtin.erf, dtype.float32]
# description: erf at 0, 0.5, +-1 and 3
# arg A: float32[5] = [0.0, 0.5, 1.0, -1.0, 3.0]
# arg B: float32[5]
# assert_return B: [0.0, 0.5204998778130465, 0.8427007929497149, -0.8427007929497149, 0.9999779095030014] rtol=1e-6 atol=1e-6
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.erf(A[i])
