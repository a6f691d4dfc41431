# ---
# spec: Typing Rules for Other Language Constructs 5.2 (buffer and source dtypes must match); spec-readings 12
# guillemets: the spec requires equal dtypes for match_buffer; TVM does not check
# features: [block.match_buffer, typing.match_buffer]
# description: an int32 view of a float32 region is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[0:4], (4,), "int32")
            S[0] = 1
