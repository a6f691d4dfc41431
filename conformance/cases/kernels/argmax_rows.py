# ---
# spec: Semantics of Statements 14.iv, 10; spec-readings 3
# features: [kernel.argmax, block.init, block.reduce, stmt.if]
# description: row argmax of a 5x9 matrix: a reduction block updating an index and a value buffer (first index on ties)
# arg A: float32[5, 9] = npy:data/argmax_a.npy
# arg idx: int32[5]
# arg val: float32[5]
# assert_return idx: npy:data/argmax_idx.npy
# assert_return val: npy:data/argmax_val.npy
# ---
@T.prim_func
def main(A: T.Buffer((5, 9), "float32"), idx: T.Buffer((5,), "int32"), val: T.Buffer((5,), "float32")):
    for i, k in T.grid(5, 9):
        with T.block("argmax"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                idx[vi] = -1
                val[vi] = T.float32("-inf")
            if A[vi, vk] > val[vi]:
                idx[vi] = vk
                val[vi] = A[vi, vk]
