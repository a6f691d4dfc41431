# case: a matmul with bias and ReLU over a symbolic batch n (a model's dynamic batch) runs at n = 7, every row right
# in x float32[7, 5] = -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3
# in w float32[5, 6] = -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2
# in b float32[6] = -1 0 1 2 3 4
# in c float32[7, 6]
# out c = 9 0 0 0 3 14 0 0 3 18 3 0 0 14 3 0 0 0 9 0 0 0 3 14 0 0 0 4 17 0 0 0 17 4 0 0 9 0 0 0 3 14
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
