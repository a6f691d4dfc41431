# ---
# spec: tvmscript.md 7.1 (T.pow arguments promoted as 6.3)
# features: [builtin.pow, typing.python_promotion, dtype.float32, literal.python]
# description: T.pow(x, 2) promotes the int literal 2 to float32
# arg A: float32[3] = [3.0, -1.5, 0.5]
# arg B: float32[3]
# assert_return B: [9.0, 2.25, 0.25] rtol=1e-6
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32")):
    for i in range(3):
        B[i] = T.pow(A[i], 2)
