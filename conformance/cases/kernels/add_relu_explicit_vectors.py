# ---
# spec: Semantics of Statements 5.v.c, 12.ii; Expr semantics 7.v, 9; tvmscript.md 11.2 (explicit-vector form)
# features: [kernel.elementwise, for.parallel, vector.slice]
# description: add + relu over 16x32 written with 16-lane vector loads and stores
# threads: 2
# arg A: float32[16, 32] = npy:data/addrelu_a.npy
# arg B: float32[16, 32] = npy:data/addrelu_b.npy
# arg C: float32[16, 32]
# assert_return C: npy:data/addrelu_out.npy rtol=1e-6 atol=1e-6
# ---
@T.prim_func
def main(A: T.Buffer((16, 32), "float32"), B: T.Buffer((16, 32), "float32"), C: T.Buffer((16, 32), "float32")):
    for i in T.parallel(16):
        for j_0 in range(2):
            C[i, j_0 * 16:j_0 * 16 + 16] = T.max(A[i, j_0 * 16:j_0 * 16 + 16] + B[i, j_0 * 16:j_0 * 16 + 16], T.Broadcast(T.float32(0.0), 16))
