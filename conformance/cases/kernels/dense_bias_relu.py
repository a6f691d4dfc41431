# ---
# spec: Semantics of Statements 14, 15; spec-readings 3
# features: [kernel.dense, block.alloc_buffer, block.init, block.reduce]
# description: dense layer relu(X @ W^T + bias) with X 4x10, W 6x10: a reduction stage then a bias + relu stage
# arg X: float32[4, 10] = npy:data/dense_x.npy
# arg W: float32[6, 10] = npy:data/dense_w.npy
# arg bias: float32[6] = npy:data/dense_bias.npy
# arg Y: float32[4, 6]
# assert_return Y: npy:data/dense_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(X: T.Buffer((4, 10), "float32"), W: T.Buffer((6, 10), "float32"), bias: T.Buffer((6,), "float32"), Y: T.Buffer((4, 6), "float32")):
    D = T.alloc_buffer((4, 6))
    for i, j, k in T.grid(4, 6, 10):
        with T.block("dense"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                D[vi, vj] = T.float32(0)
            D[vi, vj] = D[vi, vj] + X[vi, vk] * W[vj, vk]
    for i, j in T.grid(4, 6):
        with T.block("bias_relu"):
            vi, vj = T.axis.remap("SS", [i, j])
            Y[vi, vj] = T.max(D[vi, vj] + bias[vj], T.float32(0))
