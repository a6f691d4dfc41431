# ---
# spec: Semantics of Statements 14.iv; Expr semantics 5 (Cast float16 -> float32)
# features: [kernel.matmul, block.init, block.reduce, dtype.float16]
# description: float16 inputs (4x8 @ 8x4) multiplied and accumulated in float32
# arg A: float16[4, 8] = npy:data/hmm_a.npy
# arg B: float16[8, 4] = npy:data/hmm_b.npy
# arg C: float32[4, 4]
# assert_return C: npy:data/hmm_c.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((4, 8), "float16"), B: T.Buffer((8, 4), "float16"), C: T.Buffer((4, 4), "float32")):
    for i, j, k in T.grid(4, 4, 8):
        with T.block("C"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[v_i, v_j] = T.float32(0)
            C[v_i, v_j] = C[v_i, v_j] + T.Cast("float32", A[v_i, v_k]) * T.Cast("float32", B[v_k, v_j])
