# ---
# spec: tvmscript.md 7.1 (T.tanh)
# features: [builtin.tanh, dtype.float32]
# description: tanh is odd and saturates to +-1 for large arguments
# arg A: float32[6] = [0.0, 0.5, -0.5, 1.0, 20.0, -20.0]
# arg B: float32[6]
# assert_return B: [0.0, 0.46211715726000974, -0.46211715726000974, 0.7615941559557649, 1.0, -1.0] rtol=1e-6 atol=1e-7
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.tanh(A[i])
