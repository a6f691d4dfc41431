# ---
# spec: Semantics of Statements 14.iv; spec-readings 3 (init when every reduce var is at the start of its domain)
# features: [block.init, block.reduce, block.iter_var]
# description: a reduce var with domain [1, 4) bound to k + 1 initialises when vk == 1 and sums A[i, 1..3]
# arg A: int32[2, 4] = [1, 2, 3, 4, 10, 20, 30, 40]
# arg B: int32[2] = [-5, -5]
# assert_return B: [9, 90]
# ---
@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((2,), "int32")):
    for i, k in T.grid(2, 3):
        with T.block("B"):
            vi = T.axis.spatial(2, i)
            vk = T.axis.reduce((1, 4), k + 1)
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]
