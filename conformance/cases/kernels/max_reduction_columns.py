# ---
# spec: Semantics of Statements 14.iv; spec-readings 3
# features: [kernel.reduce_max, block.init, block.reduce]
# description: column maxima of a 10x6 matrix (exact), reduction loop outermost
# arg A: float32[10, 6] = npy:data/max_a.npy
# arg B: float32[6]
# assert_return B: npy:data/max_out.npy
# ---
@T.prim_func
def main(A: T.Buffer((10, 6), "float32"), B: T.Buffer((6,), "float32")):
    for k, j in T.grid(10, 6):
        with T.block("max"):
            vk, vj = T.axis.remap("RS", [k, j])
            with T.init():
                B[vj] = T.min_value("float32")
            B[vj] = T.max(B[vj], A[vk, vj])
