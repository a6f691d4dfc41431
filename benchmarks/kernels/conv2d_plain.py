# conv2d NCHW 1x64x56x56 * 64x64x3x3, padding 1, stride 1, as TOPI's
# conv2d_nchw prints it: a pad stage into a padded buffer, then a reduction block.
@T.prim_func
def main(data: T.Buffer((1, 64, 56, 56), "float32"), weight: T.Buffer((64, 64, 3, 3), "float32"), out: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tir.noalias": True})
    pad_temp = T.alloc_buffer((1, 64, 58, 58))
    for i0, i1, i2, i3 in T.grid(1, 64, 58, 58):
        with T.block("pad_temp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < 57 and 1 <= v_i3 and v_i3 < 57, data[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float32(0))
    for nn, ff, yy, xx, rc, ry, rx in T.grid(1, 64, 56, 56, 64, 3, 3):
        with T.block("conv2d_nchw"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            with T.init():
                out[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
            out[v_nn, v_ff, v_yy, v_xx] = out[v_nn, v_ff, v_yy, v_xx] + pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * weight[v_ff, v_rc, v_ry, v_rx]
