# ---
# spec: Semantics of Statements 14.iv (not a reduction block: init runs each time the block runs); spec-readings 3
# features: [block.init, block.iter_var]
# description: a block without reduce iter vars runs init on every execution, so only the last j contributes
# arg A: int32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: int32[2] = [100, 100]
# assert_return B: [3, 6]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2,), "int32")):
    for i, j in T.grid(2, 3):
        with T.block("B"):
            vi = T.axis.spatial(2, i)
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, j]
