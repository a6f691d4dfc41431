# ---
# spec: tvmscript.md 7.1 ("An integer argument is first cast to float32 (only exp does this)")
# features: [builtin.exp, dtype.int32, dtype.float32]
# description: T.exp of an int32 value casts it to float32 first; the result is float32
# arg A: int32[3] = [0, 1, 2]
# arg B: float32[3]
# assert_return B: [1.0, 2.718281828459045, 7.38905609893065] rtol=1e-6
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "float32")):
    for i in range(3):
        B[i] = T.exp(A[i])
