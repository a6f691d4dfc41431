# ---
# spec: Builtin Calls (tvmscript.md 7.1)
# features: [runner.tolerance]
# description: math builtins compared with a relative and an absolute tolerance
# arg A: float32[3] = [0.0, 1.0, 2.0]
# arg B: float32[3]
# assert_return B: [1.0, 2.718281828459045, 7.38905609893065] rtol=1e-6 atol=1e-7
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32")):
    for i in range(3):
        B[i] = T.exp(A[i])
