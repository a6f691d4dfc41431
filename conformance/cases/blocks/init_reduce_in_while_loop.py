# ---
# spec: Semantics of Statements 14.iv (a reduction block in the body of a While loop runs init only on the first iteration); spec-readings 3
# features: [block.init, block.reduce, stmt.while, stmt.decl_buffer]
# description: a reduction block driven by a while loop (reduce var bound to the counter) initialises once, then accumulates
# arg A: int32[4] = [2, 3, 5, 7]
# arg B: int32[1] = [1000]
# assert_return B: [17]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    c = T.decl_buffer((1,), "int32")
    c[0] = 0
    while c[0] < 4:
        with T.block("acc"):
            vk = T.axis.reduce(4, c[0])
            with T.init():
                B[0] = 0
            B[0] = B[0] + A[vk]
        c[0] = c[0] + 1
