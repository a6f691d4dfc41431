# ---
# spec: Semantics of Statements 14, 15; tvmscript.md 5.4 (an explicit root block is accepted)
# features: [block.root, block.alloc_buffer]
# description: an explicit `with T.block("root"):` with its own alloc_buffer and an inner block
# arg A: int32[3] = [3, 1, 2]
# arg B: int32[3]
# assert_return B: [9, 1, 4]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32")):
    with T.block("root"):
        S = T.alloc_buffer((3,), "int32")
        for i in range(3):
            with T.block("sq"):
                vi = T.axis.spatial(3, i)
                S[vi] = A[vi] * A[vi]
        for i in range(3):
            B[i] = S[i]
