# ---
# spec: tvmscript.md 7.1 (T.round at run time: nearest, ties away from zero, like C round)
# features: [builtin.round, dtype.float32, float.signed_zero]
# description: T.round on run-time values rounds halves away from zero (-2.5 -> -3, -0.5 -> -1, 0.5 -> 1, 2.5 -> 3)
# arg A: float32[8] = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.4, -2.6]
# arg B: float32[8]
# assert_return B: [-3.0, -2.0, -1.0, 1.0, 2.0, 3.0, 2.0, -3.0]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = T.round(A[i])
