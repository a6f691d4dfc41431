# case: a float16 multiply-accumulate loop (one mac instruction) rounds each product, then each sum, to float16 as the loop's multiply and add do: every term is under half the spacing of float16 at 2048.0, so the sum stays 2048.0 (summed unrounded it would be 2054.0); expected values computed in Python, products and sums in float32 rounded to float16 after each
# in A float16[8] = 0.300048828125 0.7001953125 0.300048828125 0.199951171875 0.89990234375 0.300048828125 0.39990234375 0.300048828125
# in B float16[8] = 2.5 1.0 3.0 4.0 1.0 2.5 2.0 3.0
# in C float16[1] = 2048.0
# out C = 2048.0
@T.prim_func
def main(A: T.Buffer((8,), "float16"), B: T.Buffer((8,), "float16"), C: T.Buffer((1,), "float16")):
    for k in range(8):
        C[0] = C[0] + A[k] * B[k]
