# case: a 1-D convolution over 56 outputs split 7 x 8, the 8 vectorized under the reduction loop: one multiply-accumulate over 56 lanes, run as blocks of 32, 16 and 8 lanes, each lane summing its terms in k order (spec Stmt semantics 12.iii)
# in x float32[1, 58] = -6 5 3 1 -1 -3 -5 6 4 2 0 -2 -4 -6 5 3 1 -1 -3 -5 6 4 2 0 -2 -4 -6 5 3 1 -1 -3 -5 6 4 2 0 -2 -4 -6 5 3 1 -1 -3 -5 6 4 2 0 -2 -4 -6 5 3 1 -1 -3
# in w float32[3] = 0.5 -2 1.5
# in y float32[1, 56]
# out y = -8.5 -2 -2 -2 -2 17.5 -8.5 -2 -2 -2 -2 -2 17.5 -8.5 -2 -2 -2 -2 17.5 -8.5 -2 -2 -2 -2 -2 17.5 -8.5 -2 -2 -2 -2 17.5 -8.5 -2 -2 -2 -2 -2 17.5 -8.5 -2 -2 -2 -2 17.5 -8.5 -2 -2 -2 -2 -2 17.5 -8.5 -2 -2 -2
@T.prim_func
def main(x: T.Buffer((1, 58), "float32"), w: T.Buffer((3,), "float32"), y: T.Buffer((1, 56), "float32")):
    for j_0 in range(7):
        for k in range(3):
            for j_1 in T.vectorized(8):
                with T.block("conv"):
                    vj = T.axis.spatial(56, j_0 * 8 + j_1)
                    vk = T.axis.reduce(3, k)
                    with T.init():
                        y[0, vj] = T.float32(0)
                    y[0, vj] = y[0, vj] + x[0, vj + vk] * w[vk]
