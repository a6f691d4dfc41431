# ---
# spec: Semantics of Statements 12.ii, 12.iii; tvmscript.md 11.2
# features: [kernel.elementwise, for.parallel, for.vectorized]
# description: add + relu over 16x32 with a parallel outer loop and a vectorized inner loop (the tvmscript.md 11.2 schedule)
# threads: 4
# arg A: float32[16, 32] = npy:data/addrelu_a.npy
# arg B: float32[16, 32] = npy:data/addrelu_b.npy
# arg C: float32[16, 32]
# assert_return C: npy:data/addrelu_out.npy rtol=1e-6 atol=1e-6
# ---
@T.prim_func
def main(A: T.Buffer((16, 32), "float32"), B: T.Buffer((16, 32), "float32"), C: T.Buffer((16, 32), "float32")):
    T.func_attr({"tir.noalias": True})
    for i in T.parallel(16):
        for j_0 in range(2):
            for j_1 in T.vectorized(16):
                C[i, j_0 * 16 + j_1] = T.max(A[i, j_0 * 16 + j_1] + B[i, j_0 * 16 + j_1], T.float32(0.0))
