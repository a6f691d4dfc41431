# pass interchange and loop-instructions over a symbolic batch: the row index i0 < n is proven by its loop over range(0, n), so each row becomes one mac of 6 lanes; parallelize versions the row loop, parallel from n >= 3641 rows (2^17 operations at 36 a row: 6 lanes of 5 terms and the init)
@T.prim_func
def main(x: T.handle, w: T.Buffer((T.int64(5), T.int64(6)), "float32"), b: T.Buffer((T.int64(6),), "float32"), c: T.handle):
    T.func_attr({"tir.noalias": True})
    n = T.int64()
    X = T.match_buffer(x, (n, T.int64(5)))
    C = T.match_buffer(c, (n, T.int64(6)))
    mm = T.alloc_buffer((n, T.int64(6)))
    for i0, i1, k in T.grid(n, T.int64(6), T.int64(5)):
        with T.block("matmul"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            with T.init():
                mm[v_i0, v_i1] = T.float32(0)
            mm[v_i0, v_i1] = mm[v_i0, v_i1] + X[v_i0, v_k] * w[v_k, v_i1]
    for i0, i1 in T.grid(n, T.int64(6)):
        with T.block("relu"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            C[v_i0, v_i1] = T.max(mm[v_i0, v_i1] + b[v_i1], T.float32(0))
