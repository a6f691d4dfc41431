# ---
# spec: Semantics of Statements 14.iv, 15.ii (iter values bound from expressions); spec-readings 3
# features: [block.init, block.reduce, block.iter_var]
# description: a reduce var bound to k0 * 2 + k1 over two loops initialises once per output, when vk == 0
# arg A: float32[2, 4] = [1, 2, 3, 4, 0.5, 0.5, 0.5, 0.5]
# arg B: float32[2] = [9, 9]
# assert_return B: [10, 2]
# ---
@T.prim_func
def main(A: T.Buffer((2, 4), "float32"), B: T.Buffer((2,), "float32")):
    for i, k0, k1 in T.grid(2, 2, 2):
        with T.block("B"):
            vi = T.axis.spatial(2, i)
            vk = T.axis.reduce(4, k0 * 2 + k1)
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]
