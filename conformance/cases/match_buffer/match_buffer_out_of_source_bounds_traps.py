# ---
# spec: Semantics of Statements 14.iii.b (no access past the region); spec-readings 13 (out-of-bounds accesses are errors)
# features: [block.match_buffer, trap.out_of_bounds]
# description: an access through a view that lands past the end of the source buffer is a runtime error
# arg A: int32[8]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[4:8], (4,), "int32")
            for i in range(6):
                S[i] = 1
