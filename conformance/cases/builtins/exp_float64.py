# ---
# spec: tvmscript.md 7.1 (T.exp on float64: C exp)
# features: [builtin.exp, dtype.float64]
# description: T.exp on float64 keeps double precision (exp(700) = 1.0142320547350045e304 is far beyond float32)
# arg A: float64[3] = [1.0, 0.5, 700.0]
# arg B: float64[3]
# assert_return B: [2.718281828459045, 1.6487212707001282, 1.0142320547350045e+304] rtol=1e-14
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float64"), B: T.Buffer((3,), "float64")):
    for i in range(3):
        B[i] = T.exp(A[i])
