# ---
# spec: Semantics of Statements 14.iii.b (an unbound Var in buffer->shape is bound to the region extent)
# features: [block.match_buffer, shape.symbolic]
# description: `n = T.int32()` used as the view's shape is bound to 3 and usable as a loop extent
# arg A: int32[5]
# assert_return A: [0, 1, 1, 1, 0]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    with T.block("root"):
        with T.block("sub"):
            n = T.int32()
            S = T.match_buffer(A[1:4], (n,), "int32")
            for i in range(n):
                S[i] = 1
