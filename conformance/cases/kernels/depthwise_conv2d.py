# ---
# spec: Semantics of Statements 14.iv, 15; spec-readings 3, 7
# features: [kernel.conv2d, block.alloc_buffer, block.init, block.reduce, builtin.if_then_else]
# description: depthwise conv2d NCHW 3x3, padding 1 (1x3x5x5 with a 3x1x3x3 weight)
# arg data: float32[1, 3, 5, 5] = npy:data/dwconv_data.npy
# arg weight: float32[3, 1, 3, 3] = npy:data/dwconv_weight.npy
# arg out: float32[1, 3, 5, 5]
# assert_return out: npy:data/dwconv_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(data: T.Buffer((1, 3, 5, 5), "float32"), weight: T.Buffer((3, 1, 3, 3), "float32"), out: T.Buffer((1, 3, 5, 5), "float32")):
    pad = T.alloc_buffer((1, 3, 7, 7))
    for n, c, h, w in T.grid(1, 3, 7, 7):
        with T.block("pad"):
            vn, vc, vh, vw = T.axis.remap("SSSS", [n, c, h, w])
            pad[vn, vc, vh, vw] = T.if_then_else(1 <= vh and vh < 6 and 1 <= vw and vw < 6, data[vn, vc, vh - 1, vw - 1], T.float32(0))
    for n, c, y, x, ry, rx in T.grid(1, 3, 5, 5, 3, 3):
        with T.block("dw"):
            vn, vc, vy, vx, vry, vrx = T.axis.remap("SSSSRR", [n, c, y, x, ry, rx])
            with T.init():
                out[vn, vc, vy, vx] = T.float32(0)
            out[vn, vc, vy, vx] = out[vn, vc, vy, vx] + pad[vn, vc, vy + vry, vx + vrx] * weight[vc, 0, vry, vrx]
