# ---
# spec: Variable Scoping (Block: match_buffers leave scope at the end of the body)
# features: [scoping.block, block.match_buffer]
# description: a matched buffer is not visible after its block
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[0:2], (2,), "int32")
            S[0] = 1
        S[1] = 2
