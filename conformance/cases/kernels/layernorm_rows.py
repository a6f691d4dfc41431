# ---
# spec: Semantics of Statements 14, 15; spec-readings 3
# features: [kernel.layernorm, block.alloc_buffer, block.init, block.reduce, builtin.sqrt]
# description: layer norm over rows of 4x16 (two-pass mean and variance, eps 1e-5, gamma and beta)
# arg A: float32[4, 16] = npy:data/layernorm_a.npy
# arg gamma: float32[16] = npy:data/layernorm_gamma.npy
# arg beta: float32[16] = npy:data/layernorm_beta.npy
# arg B: float32[4, 16]
# assert_return B: npy:data/layernorm_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((4, 16), "float32"), gamma: T.Buffer((16,), "float32"), beta: T.Buffer((16,), "float32"), B: T.Buffer((4, 16), "float32")):
    mean = T.alloc_buffer((4,))
    var = T.alloc_buffer((4,))
    for i, k in T.grid(4, 16):
        with T.block("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                mean[vi] = T.float32(0)
            mean[vi] = mean[vi] + A[vi, vk] * T.float32(0.0625)
    for i, k in T.grid(4, 16):
        with T.block("var"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                var[vi] = T.float32(0)
            var[vi] = var[vi] + (A[vi, vk] - mean[vi]) * (A[vi, vk] - mean[vi]) * T.float32(0.0625)
    for i, j in T.grid(4, 16):
        with T.block("norm"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = (A[vi, vj] - mean[vi]) / T.sqrt(var[vi] + T.float32(1e-05)) * gamma[vj] + beta[vj]
