# case: a bfloat16 multiply-accumulate loop (one mac instruction) rounds each product, then each sum, to bfloat16 as the loop's multiply and add do: every term is under half the spacing of bfloat16 at 256.0, so the sum stays 256.0 (summed unrounded it would be 262.0); expected values computed in Python, products and sums in float32 rounded to bfloat16 after each
# in A bfloat16[8] = 0.30078125 0.69921875 0.30078125 0.2001953125 0.8984375 0.30078125 0.400390625 0.30078125
# in B bfloat16[8] = 2.5 1.0 3.0 4.0 1.0 2.5 2.0 3.0
# in C bfloat16[1] = 256.0
# out C = 256.0
@T.prim_func
def main(A: T.Buffer((8,), "bfloat16"), B: T.Buffer((8,), "bfloat16"), C: T.Buffer((1,), "bfloat16")):
    for k in range(8):
        C[0] = C[0] + A[k] * B[k]
