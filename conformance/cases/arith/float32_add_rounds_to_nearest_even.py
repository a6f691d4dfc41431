# ---
# spec: Evaluating PrimExprs 13.ii-iii (IEEE 754)
# features: [expr.add, dtype.float32, float.rounding]
# description: float32 addition rounds each result to float32 (2^24 + 1 -> 2^24, 0.1f + 0.2f -> 0.30000001192092896, 1 + 2^-24 -> 1)
# arg A: float32[3] = [16777216.0, 0.1, 1.0]
# arg B: float32[3] = [1.0, 0.2, 5.960464477539063e-08]
# arg C: float32[3]
# assert_return C: [16777216.0, 0.30000001192092896, 1.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32"), C: T.Buffer((3,), "float32")):
    for i in range(3):
        C[i] = A[i] + B[i]
