# ---
# spec: Typing Rules for Other Language Constructs 5.9 (a constant shape must equal the region extent)
# features: [block.match_buffer, typing.match_buffer]
# description: matching A[0:4] (extent 4) with shape (3,) is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[0:4], (3,), "int32")
            S[0] = 1
