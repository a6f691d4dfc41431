# ---
# spec: Semantics of Statements 14.iv; spec-readings 3
# features: [kernel.reduce_sum, block.init, block.reduce]
# description: float32 row sums of a 6x10 matrix
# arg A: float32[6, 10] = npy:data/sum_a.npy
# arg B: float32[6]
# assert_return B: npy:data/sum_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((6, 10), "float32"), B: T.Buffer((6,), "float32")):
    for i, k in T.grid(6, 10):
        with T.block("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]
