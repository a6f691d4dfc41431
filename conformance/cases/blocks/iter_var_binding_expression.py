# ---
# spec: Semantics of Statements 15.ii (evaluate each iter value and bind it to its iter var)
# features: [block.iter_var]
# description: a spatial iter var bound to i * 3 + j flattens a 2-d loop nest
# arg B: int32[6]
# assert_return B: [0, 1, 10, 11, 20, 21]
# ---
@T.prim_func
def main(B: T.Buffer((6,), "int32")):
    for i, j in T.grid(3, 2):
        with T.block("B"):
            v = T.axis.spatial(6, i * 2 + j)
            B[v] = i * 10 + j
