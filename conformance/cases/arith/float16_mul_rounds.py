# ---
# spec: Evaluating PrimExprs 13.ii, 13.v (IEEE 754 binary16)
# features: [expr.mul, dtype.float16, float.rounding, float.inf]
# description: float16 multiplication rounds to float16 ((1+2^-10)^2 -> 1+2^-9) and overflows to inf (300 * 300)
# arg A: float16[3] = [1.0009765625, 300.0, -0.5]
# arg B: float16[3] = [1.0009765625, 300.0, 5.960464477539063e-08]
# arg C: float16[3]
# assert_return C: [1.001953125, inf, -0.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float16"), B: T.Buffer((3,), "float16"), C: T.Buffer((3,), "float16")):
    for i in range(3):
        C[i] = A[i] * B[i]
