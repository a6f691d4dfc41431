# ---
# spec: Evaluating PrimExprs 13.ii, 13.v (bfloat16 format)
# features: [expr.mul, dtype.bfloat16, float.rounding, float.inf]
# description: bfloat16 multiplication rounds to 8 significant bits ((1+2^-7)^2 -> 1+2^-6) and 2^100 * 2^100 overflows to inf
# arg A: bfloat16[2] = [1.0078125, 1.2676506002282294e+30]
# arg B: bfloat16[2] = [1.0078125, 1.2676506002282294e+30]
# arg C: bfloat16[2]
# assert_return C: [1.015625, inf]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "bfloat16"), B: T.Buffer((2,), "bfloat16"), C: T.Buffer((2,), "bfloat16")):
    for i in range(2):
        C[i] = A[i] * B[i]
