# ---
# spec: Semantics of Statements 14.iv, 15; spec-readings 3, 7
# features: [kernel.conv2d, block.init, block.reduce, builtin.if_then_else]
# description: conv2d NCHW 3x3, stride 2, padding 2 (1x1x7x7 * 2x1x3x3 -> 1x2x5x5) with the padding test inlined in the reduction
# arg data: float32[1, 1, 7, 7] = npy:data/conv_s2_data.npy
# arg weight: float32[2, 1, 3, 3] = npy:data/conv_s2_weight.npy
# arg out: float32[1, 2, 5, 5]
# assert_return out: npy:data/conv_s2_out.npy rtol=1e-5 atol=1e-5
# ---
@T.prim_func
def main(data: T.Buffer((1, 1, 7, 7), "float32"), weight: T.Buffer((2, 1, 3, 3), "float32"), out: T.Buffer((1, 2, 5, 5), "float32")):
    for n, f, y, x, rc, ry, rx in T.grid(1, 2, 5, 5, 1, 3, 3):
        with T.block("conv"):
            vn, vf, vy, vx, vrc, vry, vrx = T.axis.remap("SSSSRRR", [n, f, y, x, rc, ry, rx])
            with T.init():
                out[vn, vf, vy, vx] = T.float32(0)
            out[vn, vf, vy, vx] = out[vn, vf, vy, vx] + T.if_then_else(2 <= vy * 2 + vry and vy * 2 + vry < 9 and 2 <= vx * 2 + vrx and vx * 2 + vrx < 9, data[vn, vrc, vy * 2 + vry - 2, vx * 2 + vrx - 2], T.float32(0)) * weight[vf, vrc, vry, vrx]
