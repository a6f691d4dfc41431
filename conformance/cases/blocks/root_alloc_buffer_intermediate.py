# ---
# spec: Semantics of Statements 14.ii; tvmscript.md 5.4 (top-level T.alloc_buffer belongs to the root block)
# features: [block.alloc_buffer, block.root]
# description: a function-level intermediate buffer connects two block stages
# arg A: float32[4] = [1, 2, 3, 4]
# arg C: float32[4]
# assert_return C: [3, 5, 7, 9]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    Tmp = T.alloc_buffer((4,))
    for i in range(4):
        with T.block("double"):
            vi = T.axis.spatial(4, i)
            Tmp[vi] = A[vi] * T.float32(2)
    for i in range(4):
        with T.block("inc"):
            vi = T.axis.spatial(4, i)
            C[vi] = Tmp[vi] + T.float32(1)
