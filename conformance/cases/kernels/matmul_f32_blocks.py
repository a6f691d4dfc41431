# ---
# spec: Semantics of Statements 14.iv, 15; spec-readings 3
# features: [kernel.matmul, block.init, block.reduce, dtype.float32]
# description: float32 matmul (16x12 @ 12x8) with a reduction block and T.init, as TVM prints it
# arg A: float32[16, 12] = npy:data/matmul_a.npy
# arg B: float32[12, 8] = npy:data/matmul_b.npy
# arg C: float32[16, 8]
# assert_return C: npy:data/matmul_c.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((16, 12), "float32"), B: T.Buffer((12, 8), "float32"), C: T.Buffer((16, 8), "float32")):
    T.func_attr({"tir.noalias": True})
    # with T.block("root"):
    for i, j, k in T.grid(16, 8, 12):
        with T.block("C"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(A[v_i, v_k], B[v_k, v_j])
            T.writes(C[v_i, v_j])
            with T.init():
                C[v_i, v_j] = T.float32(0.0)
            C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]
