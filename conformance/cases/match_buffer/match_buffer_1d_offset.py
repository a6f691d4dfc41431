# ---
# spec: Semantics of Statements 14.iii.b
# features: [block.match_buffer]
# description: a view of A[2:6] maps S[i] to A[i + 2]
# arg A: int32[8] = [0, 1, 2, 3, 4, 5, 6, 7]
# assert_return A: [0, 1, 20, 30, 40, 50, 6, 7]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[2:6], (4,), "int32")
            for i in range(4):
                S[i] = S[i] * 10
