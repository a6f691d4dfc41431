# ---
# spec: Variable Scoping (Block: alloc_buffers leave scope at the end of the body)
# features: [scoping.block, block.alloc_buffer]
# description: a buffer allocated by a block is not visible after the block
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            Tmp = T.alloc_buffer((1,), "int32")
            Tmp[0] = vi
            A[vi] = Tmp[0]
    A[0] = Tmp[0]
