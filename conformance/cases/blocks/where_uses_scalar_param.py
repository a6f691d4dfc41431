# ---
# spec: Semantics of Statements 15.iii; spec-readings 1
# features: [block.where]
# description: a predicate depending on a scalar parameter guards the block at run time
# arg n: int32 = 3
# arg B: int32[5] = [9, 9, 9, 9, 9]
# assert_return B: [0, 1, 2, 9, 9]
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((5,), "int32")):
    for i in range(5):
        with T.block("B"):
            vi = T.axis.spatial(5, i)
            T.where(i < n)
            B[vi] = vi
