# ---
# spec: Typing Rules for Other Language Constructs 5.7 (the buffer may not have more dimensions than the region); Semantics of Statements 14.iii.b
# features: [block.match_buffer, typing.match_buffer]
# description: a 2-d view (2, 2) of the 1-d region A[0:4] is invalid (offset = len(region) - len(shape) would be negative; the text of 5.7 has the subtraction reversed, but 5.8-5.9 and Stmt 14.iii only make sense this way)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[0:4], (2, 2), "int32")
            S[0, 0] = 1
