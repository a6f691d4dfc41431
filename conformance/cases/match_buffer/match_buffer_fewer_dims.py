# ---
# spec: Semantics of Statements 14.iii.b (buffer can have fewer dimensions than source_buffer); Typing Rules for Other Language Constructs 5.8
# features: [block.match_buffer]
# description: a 1-d view of row 1 of a 2-d buffer (region A[1, 0:4], leading extent 1)
# arg A: int32[3, 4]
# assert_return A: [0, 0, 0, 0, 5, 6, 7, 8, 0, 0, 0, 0]
# ---
@T.prim_func
def main(A: T.Buffer((3, 4), "int32")):
    with T.block("root"):
        with T.block("row"):
            S = T.match_buffer(A[1, 0:4], (4,), "int32")
            for j in range(4):
                S[j] = j + 5
