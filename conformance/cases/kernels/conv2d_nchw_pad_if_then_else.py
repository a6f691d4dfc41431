# ---
# spec: Semantics of Statements 14, 15; spec-readings 3, 7 (if_then_else evaluates only the selected branch)
# features: [kernel.conv2d, block.alloc_buffer, block.root, block.init, block.reduce, builtin.if_then_else]
# description: conv2d NCHW 3x3, stride 1, padding 1 (1x2x6x6 * 3x2x3x3): a padded stage with T.if_then_else, then a reduction block
# arg data: float32[1, 2, 6, 6] = npy:data/conv_data.npy
# arg weight: float32[3, 2, 3, 3] = npy:data/conv_weight.npy
# arg out: float32[1, 3, 6, 6]
# assert_return out: npy:data/conv_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(data: T.Buffer((1, 2, 6, 6), "float32"), weight: T.Buffer((3, 2, 3, 3), "float32"), out: T.Buffer((1, 3, 6, 6), "float32")):
    T.func_attr({"tir.noalias": True})
    pad = T.alloc_buffer((1, 2, 8, 8))
    for n, c, h, w in T.grid(1, 2, 8, 8):
        with T.block("pad"):
            vn, vc, vh, vw = T.axis.remap("SSSS", [n, c, h, w])
            pad[vn, vc, vh, vw] = T.if_then_else(1 <= vh and vh < 7 and 1 <= vw and vw < 7, data[vn, vc, vh - 1, vw - 1], T.float32(0))
    for n, f, y, x, rc, ry, rx in T.grid(1, 3, 6, 6, 2, 3, 3):
        with T.block("conv"):
            vn, vf, vy, vx, vrc, vry, vrx = T.axis.remap("SSSSRRR", [n, f, y, x, rc, ry, rx])
            with T.init():
                out[vn, vf, vy, vx] = T.float32(0)
            out[vn, vf, vy, vx] = out[vn, vf, vy, vx] + pad[vn, vrc, vy + vry, vx + vrx] * weight[vf, vrc, vry, vrx]
