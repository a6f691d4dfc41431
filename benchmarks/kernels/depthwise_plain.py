# depthwise conv2d NCHW 1x64x56x56 with a 64x1x3x3 filter, padding 1, as
# TOPI's depthwise_conv2d_nchw prints it: a pad stage, then a reduction block.
@T.prim_func
def main(data: T.Buffer((1, 64, 56, 56), "float32"), weight: T.Buffer((64, 1, 3, 3), "float32"), out: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tir.noalias": True})
    PaddedInput = T.alloc_buffer((1, 64, 58, 58))
    for i0, i1, i2, i3 in T.grid(1, 64, 58, 58):
        with T.block("PaddedInput"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            PaddedInput[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < 57 and 1 <= v_i3 and v_i3 < 57, data[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float32(0))
    for b, c, i, j, di, dj in T.grid(1, 64, 56, 56, 3, 3):
        with T.block("DepthwiseConv2d"):
            v_b, v_c, v_i, v_j, v_di, v_dj = T.axis.remap("SSSSRR", [b, c, i, j, di, dj])
            with T.init():
                out[v_b, v_c, v_i, v_j] = T.float32(0)
            out[v_b, v_c, v_i, v_j] = out[v_b, v_c, v_i, v_j] + PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj] * weight[v_c, 0, v_di, v_dj]
