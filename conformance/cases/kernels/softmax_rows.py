# ---
# spec: Semantics of Statements 14, 15; spec-readings 3; tvmscript.md 11.3
# features: [kernel.softmax, block.alloc_buffer, block.root, block.init, block.reduce, builtin.exp]
# description: softmax over rows of a 4x16 matrix with max, exp, sum and divide stages and root intermediates
# arg A: float32[4, 16] = npy:data/softmax_a.npy
# arg B: float32[4, 16]
# assert_return B: npy:data/softmax_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((4, 16), "float32"), B: T.Buffer((4, 16), "float32")):
    T.func_attr({"tir.noalias": True})
    A_max = T.alloc_buffer((4,))
    A_exp = T.alloc_buffer((4, 16))
    A_sum = T.alloc_buffer((4,))
    for i, k in T.grid(4, 16):
        with T.block("A_max"):
            v_i, v_k = T.axis.remap("SR", [i, k])
            with T.init():
                A_max[v_i] = T.float32(-3.4028234663852886e+38)
            A_max[v_i] = T.max(A_max[v_i], A[v_i, v_k])
    for i, j in T.grid(4, 16):
        with T.block("A_exp"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            A_exp[v_i, v_j] = T.exp(A[v_i, v_j] - A_max[v_i])
    for i, k in T.grid(4, 16):
        with T.block("A_sum"):
            v_i, v_k = T.axis.remap("SR", [i, k])
            with T.init():
                A_sum[v_i] = T.float32(0.0)
            A_sum[v_i] = A_sum[v_i] + A_exp[v_i, v_k]
    for i, j in T.grid(4, 16):
        with T.block("B"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            B[v_i, v_j] = A_exp[v_i, v_j] / A_sum[v_i]
