# ---
# spec: Evaluating PrimExprs 13.ii-iii (IEEE 754 binary16)
# features: [expr.add, dtype.float16, float.rounding, float.inf]
# description: float16 addition rounds to 11 significant bits, ties to even; 65504 + 16 (halfway to 2^16) overflows to inf
# arg A: float16[5] = [2048.0, 2048.0, 65504.0, 65504.0, 1.0]
# arg B: float16[5] = [1.0, 3.0, 16.0, 8.0, 0.00048828125]
# arg C: float16[5]
# assert_return C: [2048.0, 2052.0, inf, 65504.0, 1.0]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float16"), B: T.Buffer((5,), "float16"), C: T.Buffer((5,), "float16")):
    for i in range(5):
        C[i] = A[i] + B[i]
