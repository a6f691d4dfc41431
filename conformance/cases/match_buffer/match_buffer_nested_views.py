# ---
# spec: Semantics of Statements 14.iii.b (offsets compose through nested blocks)
# features: [block.match_buffer, block.nested]
# description: a view of a view: S1 = A[2:8], S2 = S1[1:3] maps S2[i] to A[i + 3]
# arg A: int32[10]
# assert_return A: [0, 0, 0, 7, 7, 0, 0, 0, 0, 0]
# ---
@T.prim_func
def main(A: T.Buffer((10,), "int32")):
    with T.block("root"):
        with T.block("outer"):
            S1 = T.match_buffer(A[2:8], (6,), "int32")
            with T.block("inner"):
                S2 = T.match_buffer(S1[1:3], (2,), "int32")
                S2[0] = 7
                S2[1] = 7
