# case: a float16 GEMV with a single output element accumulated in a 1x1 T.alloc_buffer (TVM's gemv_output_one_element), float16 rounding at every step
# in A float16[1, 8] = -1 -0.75 -0.5 -0.25 0 0.25 0.5 0.75
# in W float16[1, 8] = 0.875 0.75 0.625 0.5 0.375 0.25 0.125 0
# in out float16[1, 1]
# out out ~1e-3 = 0.148071289
@T.prim_func
def main(A: T.Buffer((T.int64(1), T.int64(8)), "float16"), W: T.Buffer((T.int64(1), T.int64(8)), "float16"), out: T.Buffer((T.int64(1), T.int64(1)), "float16")):
    T.func_attr({"tir.noalias": True})
    NT = T.alloc_buffer((T.int64(1), T.int64(1)), "float16")
    for i0, i1, k in T.grid(T.int64(1), T.int64(1), T.int64(8)):
        with T.block("NT_matmul"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            with T.init():
                NT[v_i0, v_i1] = T.float16(0)
            NT[v_i0, v_i1] = NT[v_i0, v_i1] + A[v_i0, v_k] * W[v_i1, v_k]
    for i0, i1 in T.grid(T.int64(1), T.int64(1)):
        with T.block("compute"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            out[v_i0, v_i1] = T.sigmoid(NT[v_i0, v_i1])
