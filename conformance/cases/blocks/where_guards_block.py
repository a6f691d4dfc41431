# ---
# spec: Semantics of Statements 15.iii; spec-readings 1 (T.where guards the block)
# guillemets: the spec text says the predicate does not affect semantics; the project (and TVM) treat it as a guard
# features: [block.where, block.iter_var]
# description: a 10-element loop split 3 x 4 with T.where(v < 10) writes only the 10 valid elements (no out-of-bounds access)
# arg B: int32[10]
# assert_return B: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
# ---
@T.prim_func
def main(B: T.Buffer((10,), "int32")):
    for io, ii in T.grid(3, 4):
        with T.block("B"):
            v = T.axis.spatial(10, io * 4 + ii)
            T.where(io * 4 + ii < 10)
            B[v] = v
