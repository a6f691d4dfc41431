# ---
# spec: Typing Rules for Other Language Constructs 5.8 (dropped leading region extents must be 1)
# features: [block.match_buffer, typing.match_buffer]
# description: a 1-d view of the region A[0:2, 0:4] drops a leading extent of 2, which is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((2, 4), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[0:2, 0:4], (4,), "int32")
            S[0] = 1
