# ---
# spec: Semantics of Statements 12.ii, 12.iii, 14.iv, 15; spec-readings 1, 3
# features: [kernel.matmul, for.parallel, for.vectorized, block.init, block.reduce, block.where]
# description: a scheduled matmul: rows split 6 x 3 (parallel outer, guarded by T.where since 18 > 16), columns split with a vectorized inner loop, reduction split 2 x 6
# threads: 4
# arg A: float32[16, 12] = npy:data/matmul_a.npy
# arg B: float32[12, 8] = npy:data/matmul_b.npy
# arg C: float32[16, 8]
# assert_return C: npy:data/matmul_c.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((16, 12), "float32"), B: T.Buffer((12, 8), "float32"), C: T.Buffer((16, 8), "float32")):
    T.func_attr({"tir.noalias": True})
    for i0 in T.parallel(6):
        for i1, k0, k1, j0 in T.grid(3, 2, 6, 2):
            for j1 in T.vectorized(4):
                with T.block("C"):
                    v_i = T.axis.spatial(16, i0 * 3 + i1)
                    v_j = T.axis.spatial(8, j0 * 4 + j1)
                    v_k = T.axis.reduce(12, k0 * 6 + k1)
                    T.where(i0 * 3 + i1 < 16)
                    with T.init():
                        C[v_i, v_j] = T.float32(0.0)
                    C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]
