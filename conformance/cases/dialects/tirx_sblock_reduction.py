# ---
# spec: Stmt semantics 14, 15 (Block, BlockRealize); spec-readings 3; tvmscript-tirx.md 1.6
# features: [dialect.tirx_0_25, dialect.sblock, block.reduce, block.init, block.alloc_buffer, block.root]
# description: T.sblock with T.init sums each row into an intermediate allocated by T.sblock_alloc_buffer, then copies it out
# arg A: float32[2, 3] = [[1, 2, 3], [4, 5, 6]]
# arg B: float32[2]
# assert_return B: [6, 15]
# ---
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((2,), "float32")):
    # with T.sblock("root"):
    S = T.sblock_alloc_buffer((2,))
    for i, k in T.grid(2, 3):
        with T.sblock("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(S[vi])
            T.sblock_attr({"meta_schedule.unroll_explicit": 16})
            with T.init():
                S[vi] = T.float32(0.0)
            S[vi] = S[vi] + A[vi, vk]
    for i in range(2):
        with T.sblock("copy"):
            v = T.axis.spatial(2, i)
            B[v] = S[v]
