# ---
# spec: Semantics of Statements 2, 7, 8, 12.i; tvmscript.md 11.3 (the hand-written loop form)
# features: [kernel.softmax, stmt.decl_buffer, stmt.let, builtin.exp]
# description: softmax written with plain loops, a decl_buffer and a let, as in tvmscript.md 11.3
# arg A: float32[4, 16] = npy:data/softmax_a.npy
# arg B: float32[4, 16]
# assert_return B: npy:data/softmax_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((4, 16), "float32"), B: T.Buffer((4, 16), "float32")):
    row = T.decl_buffer((2,), "float32")
    for i in range(4):
        row[0] = T.min_value("float32")
        for k in range(16):
            row[0] = T.max(row[0], A[i, k])
        row[1] = T.float32(0)
        for k in range(16):
            e: T.float32 = T.exp(A[i, k] - row[0])
            B[i, k] = e
            row[1] = row[1] + e
        for k in range(16):
            B[i, k] = B[i, k] / row[1]
