# ---
# spec: Semantics of Statements 14.iv; Expr semantics 5 (Cast int8 -> int32), 13 (integer arithmetic)
# features: [kernel.matmul, block.init, block.reduce, dtype.int8, dtype.int32]
# description: int8 x int8 matmul (8x16 @ 16x8) accumulated in int32, exact
# arg A: int8[8, 16] = npy:data/qmm_a.npy
# arg B: int8[16, 8] = npy:data/qmm_b.npy
# arg C: int32[8, 8]
# assert_return C: npy:data/qmm_c.npy
# ---
@T.prim_func
def main(A: T.Buffer((8, 16), "int8"), B: T.Buffer((16, 8), "int8"), C: T.Buffer((8, 8), "int32")):
    for i, j, k in T.grid(8, 8, 16):
        with T.block("C"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[v_i, v_j] = 0
            C[v_i, v_j] = C[v_i, v_j] + T.Cast("int32", A[v_i, v_k]) * T.Cast("int32", B[v_k, v_j])
