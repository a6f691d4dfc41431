# ---
# spec: Semantics of Statements 14.iii.b (accesses to buffer are accesses to the source offset by the region mins)
# features: [block.match_buffer]
# description: a (2, 2) view of A[1:3, 1:3] writes the centre of a 4 x 4 buffer
# arg A: int32[4, 4]
# assert_return A: [0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4, 4), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[1:3, 1:3], (2, 2), "int32")
            for i, j in T.grid(2, 2):
                S[i, j] = i * 2 + j + 1
