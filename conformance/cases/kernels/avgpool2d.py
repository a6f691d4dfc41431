# ---
# spec: Semantics of Statements 14.iv, 15; spec-readings 3
# features: [kernel.pool, block.init, block.reduce, block.alloc_buffer]
# description: 2x2 average pooling with stride 2 (1x2x8x8 -> 1x2x4x4): a sum reduction then a scale stage
# arg A: float32[1, 2, 8, 8] = npy:data/avgpool_a.npy
# arg B: float32[1, 2, 4, 4]
# assert_return B: npy:data/avgpool_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((1, 2, 8, 8), "float32"), B: T.Buffer((1, 2, 4, 4), "float32")):
    S = T.alloc_buffer((1, 2, 4, 4))
    for n, c, y, x, ry, rx in T.grid(1, 2, 4, 4, 2, 2):
        with T.block("pool_sum"):
            vn, vc, vy, vx, vry, vrx = T.axis.remap("SSSSRR", [n, c, y, x, ry, rx])
            with T.init():
                S[vn, vc, vy, vx] = T.float32(0)
            S[vn, vc, vy, vx] = S[vn, vc, vy, vx] + A[vn, vc, vy * 2 + vry, vx * 2 + vrx]
    for n, c, y, x in T.grid(1, 2, 4, 4):
        with T.block("pool_avg"):
            vn, vc, vy, vx = T.axis.remap("SSSS", [n, c, y, x])
            B[vn, vc, vy, vx] = S[vn, vc, vy, vx] * T.float32(0.25)
