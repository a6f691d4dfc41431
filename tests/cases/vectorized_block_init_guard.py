# case: a reduction block with T.init inside a T.vectorized loop (as TVM schedules dense): the init guard is the same in every lane, so the loop is vectorized around it and gives the loop's result: D = max(X W + bias, 0), worked by hand
# in X float32[2,3] = 1 2 -1 0.5 -2 3
# in W float32[3,4] = 1 0 2 -1 0.5 1 -1 2 2 -3 0.25 1
# in bias float32[4] = 0.5 -1 0 1
# in D float32[2,4]
# out D = 0.5 4 0 3 6 0 3.75 0
@T.prim_func
def main(X: T.Buffer((2, 3), "float32"), W: T.Buffer((3, 4), "float32"), bias: T.Buffer((4,), "float32"), D: T.Buffer((2, 4), "float32")):
    acc = T.alloc_buffer((2, 4), "float32")
    for i in range(2):
        for k in range(3):
            for j in T.vectorized(4):
                with T.block("dense"):
                    v_i = T.axis.spatial(2, i)
                    v_j = T.axis.spatial(4, j)
                    v_k = T.axis.reduce(3, k)
                    T.reads(X[v_i, v_k], W[v_k, v_j])
                    T.writes(acc[v_i, v_j])
                    with T.init():
                        acc[v_i, v_j] = T.float32(0)
                    acc[v_i, v_j] = acc[v_i, v_j] + X[v_i, v_k] * W[v_k, v_j]
        for j in T.vectorized(4):
            with T.block("relu"):
                v_i = T.axis.spatial(2, i)
                v_j = T.axis.spatial(4, j)
                D[v_i, v_j] = T.max(acc[v_i, v_j] + bias[v_j], T.float32(0))
