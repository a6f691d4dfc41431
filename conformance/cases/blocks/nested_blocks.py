# ---
# spec: Semantics of Statements 14, 15 (nested BlockRealize scopes)
# features: [block.nested, block.iter_var]
# description: an outer block over rows contains an inner block over columns
# arg B: int32[2, 3]
# assert_return B: [0, 1, 2, 10, 11, 12]
# ---
@T.prim_func
def main(B: T.Buffer((2, 3), "int32")):
    for i in range(2):
        with T.block("outer"):
            vi = T.axis.spatial(2, i)
            for j in range(3):
                with T.block("inner"):
                    vj = T.axis.spatial(3, j)
                    B[vi, vj] = vi * 10 + vj
