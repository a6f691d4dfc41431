# case: a 1x1 convolution as LegalizeOps writes it (a batch of one and a 1x1 window: loops of one iteration, an init guarded by rc == 0 and ry == 0 and rx == 0)
# in A float32[1, 8, 4, 4] = -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1 2 3 4 5 -5 -4 -3 -2 -1 0 1
# in W float32[6, 8, 1, 1] = -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0 1 2 -2 -1 0
# in C float32[1, 6, 4, 4]
# out C = 18 15 -10 -2 -5 -8 0 -14 5 2 -1 18 15 -10 -2 -5 -4 19 20 -1 0 1 -20 -8 -18 5 6 -4 19 20 -1 0 -1 -12 10 10 10 10 10 -12 -1 -12 -12 -1 -12 10 10 10 -18 -8 -20 1 0 -1 20 19 -4 6 5 -18 -8 -20 1 0 5 -14 0 -8 -5 -2 -10 15 18 -1 2 5 -14 0 -8 -5 18 15 -10 -2 -5 -8 0 -14 5 2 -1 18 15 -10 -2 -5
@T.prim_func
def main(A: T.Buffer((1, 8, 4, 4), "float32"), W: T.Buffer((6, 8, 1, 1), "float32"), C: T.Buffer((1, 6, 4, 4), "float32")):
    T.func_attr({"tir.noalias": True})
    for nn, ff, yy, xx, rc, ry, rx in T.grid(1, 6, 4, 4, 8, 1, 1):
        with T.block("conv"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            with T.init():
                C[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
            C[v_nn, v_ff, v_yy, v_xx] = C[v_nn, v_ff, v_yy, v_xx] + A[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * W[v_ff, v_rc, v_ry, v_rx]
