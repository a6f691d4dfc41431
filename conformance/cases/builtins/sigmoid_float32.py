# ---
# spec: tvmscript.md 7.1 (T.sigmoid: 1 / (1 + exp(-x)))
# features: [builtin.sigmoid, dtype.float32]
# description: sigmoid at 0, +-1, +-20 and 100
# arg A: float32[6] = [0.0, 1.0, -1.0, 20.0, -20.0, 100.0]
# arg B: float32[6]
# assert_return B: [0.5, 0.7310585786300049, 0.2689414213699951, 0.9999999979388463, 2.0611536181902037e-09, 1.0] rtol=1e-6
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.sigmoid(A[i])
