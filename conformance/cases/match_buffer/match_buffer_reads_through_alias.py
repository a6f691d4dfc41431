# ---
# spec: Semantics of Statements 14.iii.b (BufferLoad on buffer is a load on source_buffer)
# features: [block.match_buffer]
# description: loads through a view read the source's elements
# arg A: float32[2, 4] = [1, 2, 3, 4, 5, 6, 7, 8]
# arg B: float32[1]
# assert_return B: [18]
# ---
@T.prim_func
def main(A: T.Buffer((2, 4), "float32"), B: T.Buffer((1,), "float32")):
    with T.block("root"):
        with T.block("sum"):
            S = T.match_buffer(A[0:2, 1:3], (2, 2))
            B[0] = S[0, 0] + S[0, 1] + S[1, 0] + S[1, 1]
