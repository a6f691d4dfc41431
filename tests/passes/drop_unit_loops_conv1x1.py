# pass drop-unit-loops: a 1x1 convolution's batch and window loops of one iteration go, their variables replaced by 0, the init guard's ry == 0 and rx == 0 fold away, so the output plane merges into one row of 16 (merge-rows) and each output channel is one mac over the 8 input channels
@T.prim_func
def main(A: T.Buffer((1, 8, 4, 4), "float32"), W: T.Buffer((6, 8, 1, 1), "float32"), C: T.Buffer((1, 6, 4, 4), "float32")):
    T.func_attr({"tir.noalias": True})
    for nn, ff, yy, xx, rc, ry, rx in T.grid(1, 6, 4, 4, 8, 1, 1):
        with T.block("conv"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            with T.init():
                C[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
            C[v_nn, v_ff, v_yy, v_xx] = C[v_nn, v_ff, v_yy, v_xx] + A[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * W[v_ff, v_rc, v_ry, v_rx]
