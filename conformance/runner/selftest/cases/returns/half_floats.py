# ---
# spec: Evaluating PrimExprs 13.ii
# features: [runner.values]
# description: float16 and bfloat16 arguments and results are rounded to
#   nearest even from the literals
# arg A: float16[3] = [1.0, 0.1, 65504.0]
# arg B: float16[3]
# arg C: bfloat16[2] = [1.0, 3.0]
# arg D: bfloat16[2]
# assert_return B: [2.0, 0.2, inf]
# assert_return D: [0.5, 1.5]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float16"), B: T.Buffer((3,), "float16"), C: T.Buffer((2,), "bfloat16"),
         D: T.Buffer((2,), "bfloat16")):
    for i in range(3):
        B[i] = A[i] + A[i]
    for i in range(2):
        D[i] = C[i] * T.bfloat16(0.5)
