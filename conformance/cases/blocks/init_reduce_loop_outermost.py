# ---
# spec: Semantics of Statements 14.iv; spec-readings 3 (init once per output element, whatever the loop order)
# features: [block.init, block.reduce, block.iter_var]
# description: with the reduction loop outermost, init still runs once per output element, before its first update
# arg A: int32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: int32[2] = [100, 100]
# assert_return B: [6, 15]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2,), "int32")):
    for k, i in T.grid(3, 2):
        with T.block("B"):
            vk, vi = T.axis.remap("RS", [k, i])
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]
