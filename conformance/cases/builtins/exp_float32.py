# ---
# spec: tvmscript.md 7.1 (T.exp: e^x); Builtin Calls
# features: [builtin.exp, dtype.float32]
# description: T.exp on float32 values
# arg A: float32[5] = [0.0, 1.0, -1.0, 10.0, -10.0]
# arg B: float32[5]
# assert_return B: [1.0, 2.718281828459045, 0.36787944117144233, 22026.465794806718, 4.5399929762484854e-05] rtol=1e-6
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.exp(A[i])
