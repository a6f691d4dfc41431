# ---
# spec: Semantics of Statements 15; Expr semantics 7
# features: [kernel.transpose, block.iter_var]
# description: transpose of a 5x7 float32 matrix (exact)
# arg A: float32[5, 7] = npy:data/transpose_a.npy
# arg B: float32[7, 5]
# assert_return B: npy:data/transpose_out.npy
# ---
@T.prim_func
def main(A: T.Buffer((5, 7), "float32"), B: T.Buffer((7, 5), "float32")):
    for i, j in T.grid(7, 5):
        with T.block("T"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vj, vi]
