# ---
# spec: tvmscript.md 7.1 ("computing in float32 and rounding once to the 16-bit type")
# features: [builtin.exp, builtin.sqrt, dtype.float16]
# description: T.exp and T.sqrt on float16 give the float16 nearest to the exact result (e -> 2.71875, 1/e -> 0.367919921875, sqrt 2 -> 1.4140625)
# arg A: float16[3] = [1.0, 0.0, -1.0]
# arg B: float16[3]
# arg C: float16[1] = [2.0]
# arg D: float16[1]
# assert_return B: [2.71875, 1.0, 0.367919921875]
# assert_return D: [1.4140625]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float16"), B: T.Buffer((3,), "float16"), C: T.Buffer((1,), "float16"), D: T.Buffer((1,), "float16")):
    for i in range(3):
        B[i] = T.exp(A[i])
    D[0] = T.sqrt(C[0])
