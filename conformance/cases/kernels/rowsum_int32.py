# ---
# spec: Semantics of Statements 14.iv; Expr semantics 13 (integer arithmetic)
# features: [kernel.reduce_sum, block.init, block.reduce, dtype.int32]
# description: exact int32 row sums of a 5x7 matrix
# arg A: int32[5, 7] = npy:data/rowsum_i32_a.npy
# arg B: int32[5]
# assert_return B: npy:data/rowsum_i32_out.npy
# ---
@T.prim_func
def main(A: T.Buffer((5, 7), "int32"), B: T.Buffer((5,), "int32")):
    for i, k in T.grid(5, 7):
        with T.block("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]
