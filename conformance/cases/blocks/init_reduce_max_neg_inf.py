# ---
# spec: Semantics of Statements 14.iv; spec-readings 3
# features: [block.init, block.reduce, dtype.float32]
# description: a max reduction initialised to -inf in T.init
# arg A: float32[2, 3] = [-5, -2, -9, 1.5, 0.25, 7]
# arg B: float32[2] = [100, 100]
# assert_return B: [-2, 7]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((2,), "float32")):
    for i, k in T.grid(2, 3):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32("-inf")
            B[vi] = T.max(B[vi], A[vi, vk])
