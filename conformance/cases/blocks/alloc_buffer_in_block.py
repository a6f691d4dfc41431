# ---
# spec: Semantics of Statements 14.ii (alloc_buffers allocated when the block starts), 14.vi (freed at the end)
# features: [block.alloc_buffer]
# description: a block-local buffer is written and read within one block execution
# arg A: int32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: int32[2]
# assert_return B: [14, 77]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2,), "int32")):
    for i in range(2):
        with T.block("row"):
            vi = T.axis.spatial(2, i)
            sq = T.alloc_buffer((3,), "int32")
            for j in range(3):
                sq[j] = A[vi, j] * A[vi, j]
            B[vi] = sq[0] + sq[1] + sq[2]
