# pass interchange: a 1x1 convolution of a squeeze-and-excitation block, out[0, f, 0, 0] over in[0, c, 0, 0] * w[f, c, 0, 0], has its channel f outside the last index of w (a product, not a pure reduction: no gather), so interchange refuses the nest; the output's accesses keep their four indices ([0, f, 0, 0], not a view [0, f] without the unit dimensions) for the passes after it
@T.prim_func
def main(x: T.Buffer((1, 24, 1, 1), "float32"), w: T.Buffer((16, 24, 1, 1), "float32"), y: T.Buffer((1, 16, 1, 1), "float32")):
    T.func_attr({"tir.noalias": True})
    for nn, ff, yy, xx, rc, ry, rx in T.grid(1, 16, 1, 1, 24, 1, 1):
        with T.block("conv"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            with T.init():
                y[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
            y[v_nn, v_ff, v_yy, v_xx] = y[v_nn, v_ff, v_yy, v_xx] + x[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * w[v_ff, v_rc, v_ry, v_rx]
