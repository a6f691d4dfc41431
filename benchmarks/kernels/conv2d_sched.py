# conv2d NCHW 1x64x56x56 * 64x64x3x3, padding 1, scheduled for a CPU: the pad
# stage and the output channels in parallel, each output row tiled 7 x 8 with
# an 8-lane accumulator, the reduction reordered so the 64 input channels are
# its innermost loop, the width loop innermost and vectorized
# (ff, yy, xo, ry, rx, rc, xi).
@T.prim_func
def main(data: T.Buffer((1, 64, 56, 56), "float32"), weight: T.Buffer((64, 64, 3, 3), "float32"), out: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tir.noalias": True})
    pad_temp = T.alloc_buffer((1, 64, 58, 58))
    for c in T.parallel(64):
        for h, w in T.grid(58, 58):
            pad_temp[0, c, h, w] = T.if_then_else(1 <= h and h < 57 and 1 <= w and w < 57, data[0, c, h - 1, w - 1], T.float32(0))
    for ff in T.parallel(64):
        acc = T.decl_buffer((8,), "float32", scope="local")
        for yy, xo in T.grid(56, 7):
            for xi in T.vectorized(8):
                acc[xi] = T.float32(0)
            for ry, rx, rc in T.grid(3, 3, 64):
                for xi in T.vectorized(8):
                    acc[xi] = acc[xi] + pad_temp[0, rc, yy + ry, xo * 8 + rx + xi] * weight[ff, rc, ry, rx]
            for xi in T.vectorized(8):
                out[0, ff, yy, xo * 8 + xi] = acc[xi]
