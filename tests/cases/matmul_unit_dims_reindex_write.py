# case: a 1x6 by 6x1 matmul accumulated in a 1x1 reindex buffer, then copied out (TVM's matmul_unit_dim_reindex_write)
# in A float32[1, 6] = 1 2 3 4 5 6
# in B float32[6, 1] = -2.5 -1.5 -0.5 0.5 1.5 2.5
# in C float32[1, 1]
# out C = 17.5
@T.prim_func
def main(A: T.Buffer((1, 6), "float32"), B: T.Buffer((6, 1), "float32"), C: T.Buffer((1, 1), "float32")):
    C_reindex = T.alloc_buffer((1, 1))
    for i0, i1, i2 in T.grid(1, 1, 6):
        with T.block("matmul"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C_reindex[i, j] = T.float32(0)
            C_reindex[i, j] = C_reindex[i, j] + A[i, k] * B[k, j]
    for i0, i1 in T.grid(1, 1):
        with T.block("C_reindex"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            C[v0, v1] = C_reindex[v0, v1]
