# ---
# spec: Semantics of Statements 14.iii.b (the leading indices' are kept, the trailing ones are added)
# features: [block.match_buffer]
# description: a 1-d view of A[2, 1:3] in a 3-d source maps S[j] to A[0, 2, j + 1]
# arg A: int32[1, 3, 4]
# assert_return A: [0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 8, 0]
# ---
@T.prim_func
def main(A: T.Buffer((1, 3, 4), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[0, 2, 1:3], (2,), "int32")
            S[0] = 9
            S[1] = 8
