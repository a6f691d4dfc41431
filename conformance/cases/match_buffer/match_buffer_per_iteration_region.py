# ---
# spec: Semantics of Statements 14.iii.b, 15.ii (the region may depend on block iter vars)
# features: [block.match_buffer, block.iter_var]
# description: each block execution matches a different row of A
# arg A: int32[3, 2]
# assert_return A: [0, 1, 10, 11, 20, 21]
# ---
@T.prim_func
def main(A: T.Buffer((3, 2), "int32")):
    for i in range(3):
        with T.block("row"):
            vi = T.axis.spatial(3, i)
            S = T.match_buffer(A[vi, 0:2], (2,), "int32")
            for j in range(2):
                S[j] = vi * 10 + j
