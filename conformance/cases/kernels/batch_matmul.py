# ---
# spec: Semantics of Statements 14.iv, 15; spec-readings 3
# features: [kernel.batch_matmul, block.init, block.reduce]
# description: batch matmul (2 x 4x6 @ 2 x 6x5)
# arg A: float32[2, 4, 6] = npy:data/bmm_a.npy
# arg B: float32[2, 6, 5] = npy:data/bmm_b.npy
# arg C: float32[2, 4, 5]
# assert_return C: npy:data/bmm_c.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((2, 4, 6), "float32"), B: T.Buffer((2, 6, 5), "float32"), C: T.Buffer((2, 4, 5), "float32")):
    for b, i, j, k in T.grid(2, 4, 5, 6):
        with T.block("C"):
            vb, vi, vj, vk = T.axis.remap("SSSR", [b, i, j, k])
            with T.init():
                C[vb, vi, vj] = T.float32(0)
            C[vb, vi, vj] = C[vb, vi, vj] + A[vb, vi, vk] * B[vb, vk, vj]
