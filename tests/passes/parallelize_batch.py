# pass parallelize: a matmul over a symbolic batch n (each row 256 columns over 256 terms: 2^16 multiply-adds) is versioned: rows run in parallel when n >= 2, the fewest rows that hold 2^17 operations, and serially below
@T.prim_func
def main(x: T.handle, w: T.Buffer((T.int64(256), T.int64(256)), "float32"), c: T.handle):
    T.func_attr({"tir.noalias": True})
    n = T.int64()
    X = T.match_buffer(x, (n, T.int64(256)))
    C = T.match_buffer(c, (n, T.int64(256)))
    for i0, i1, k in T.grid(n, T.int64(256), T.int64(256)):
        with T.block("matmul"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            with T.init():
                C[v_i0, v_i1] = T.float32(0)
            C[v_i0, v_i1] = C[v_i0, v_i1] + X[v_i0, v_k] * w[v_k, v_i1]
