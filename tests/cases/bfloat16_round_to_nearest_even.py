# case: bfloat16 addition rounds to nearest even with 8 significand bits (spec Expr semantics 13.ii; bfloat16 format)
# in A bfloat16[2] = 1 1
# in B bfloat16[2] = 0.00390625 0.01171875
# in C bfloat16[2]
# out C = 1 1.015625
@T.prim_func
def main(A: T.Buffer((2,), "bfloat16"), B: T.Buffer((2,), "bfloat16"), C: T.Buffer((2,), "bfloat16")):
    for i in range(2):
        C[i] = A[i] + B[i]
