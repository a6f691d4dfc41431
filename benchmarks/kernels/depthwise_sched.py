# depthwise conv2d NCHW 1x64x56x56 with a 64x1x3x3 filter, padding 1,
# scheduled like conv2d_sched: channels in parallel, each output row tiled
# 7 x 8 with an 8-lane accumulator, the width loop innermost and vectorized.
@T.prim_func
def main(data: T.Buffer((1, 64, 56, 56), "float32"), weight: T.Buffer((64, 1, 3, 3), "float32"), out: T.Buffer((1, 64, 56, 56), "float32")):
    T.func_attr({"tir.noalias": True})
    PaddedInput = T.alloc_buffer((1, 64, 58, 58))
    for c in T.parallel(64):
        for h, w in T.grid(58, 58):
            PaddedInput[0, c, h, w] = T.if_then_else(1 <= h and h < 57 and 1 <= w and w < 57, data[0, c, h - 1, w - 1], T.float32(0))
    for c in T.parallel(64):
        acc = T.decl_buffer((8,), "float32", scope="local")
        for i, jo in T.grid(56, 7):
            for ji in T.vectorized(8):
                acc[ji] = T.float32(0)
            for di, dj in T.grid(3, 3):
                for ji in T.vectorized(8):
                    acc[ji] = acc[ji] + PaddedInput[0, c, i + di, jo * 8 + dj + ji] * weight[c, 0, di, dj]
            for ji in T.vectorized(8):
                out[0, c, i, jo * 8 + ji] = acc[ji]
