# case: a 1-D convolution whose output width 80 is split 10 x 8, the 8 vectorized under the reduction loop, with T.init; then two loops whose tiles touch elements another tile writes, which must run tile after tile (spec Stmt semantics 12.i, 12.iii)
# in x float32[1, 84] = -11 -4 3 10 -6 1 8 -8 -1 6 -10 -3 4 11 -5 2 9 -7 0 7 -9 -2 5 -11 -4 3 10 -6 1 8 -8 -1 6 -10 -3 4 11 -5 2 9 -7 0 7 -9 -2 5 -11 -4 3 10 -6 1 8 -8 -1 6 -10 -3 4 11 -5 2 9 -7 0 7 -9 -2 5 -11 -4 3 10 -6 1 8 -8 -1 6 -10 -3 4 11 -5
# in w float32[3] = 2 -1 3
# in y float32[1, 80]
# in z float32[88] = 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3 8 4 0 5 1 6 2 7 3
# out y = -9 19 -22 29 11 -30 21 3 -38 13 -5 23 -18 33 15 -26 25 7 -34 17 -1 -42 9 -9 19 -22 29 11 -30 21 3 -38 13 -5 23 -18 33 15 -26 25 7 -34 17 -1 -42 9 -9 19 -22 29 11 -30 21 3 -38 13 -5 23 -18 33 15 -26 25 7 -34 17 -1 -42 9 -9 19 -22 29 11 -30 21 3 -38 13 -5
# out z = 0 5 1 6 2 7 3 8 1 6 2 7 3 8 4 9 2 7 3 8 4 9 5 10 3 8 4 9 5 10 6 11 4 9 5 10 6 11 7 12 5 10 6 11 7 12 8 13 6 11 7 12 8 13 9 14 7 12 8 13 9 14 10 15 8 13 9 14 10 15 11 16 9 14 10 15 11 16 12 17 10 15 11 16 12 17 13 18
# in u float32[33] = 0 1 2 3 4 0 1 2 3 4 0 1 2 3 4 0 1 2 3 4 0 1 2 3 4 0 1 2 3 4 0 1 2
# out u = 0 5 9 13 17 1 5 9 14 17 1 5 9 13 17 1 6 9 13 17 1 5 9 13 18 1 5 9 13 17 1 5 5
# widen: the convolution's tile loop j_0 (10 tiles of 8 lanes) runs its
# statements over 5 tiles at once: 40 lanes, the most that divides 10 and
# fits 64, in a loop of 2.  Each lane still accumulates its own terms in k
# order.  The other two loops stay tile by tile: the tiles of the first
# read z at another index than they store (the elements the previous tile
# wrote); those of the second store at an index that moves with the inner
# loop's a, so tile t's a = 1 and then tile t + 1's a = 0 update one
# element.
@T.prim_func
def main(x: T.Buffer((1, 84), "float32"), w: T.Buffer((3,), "float32"), y: T.Buffer((1, 80), "float32"),
         z: T.Buffer((88,), "float32"), u: T.Buffer((33,), "float32")):
    for j_0 in range(10):
        for k in T.unroll(3):
            for j_1 in T.vectorized(8):
                with T.block("conv"):
                    vj = T.axis.spatial(80, j_0 * 8 + j_1)
                    vk = T.axis.reduce(3, k)
                    with T.init():
                        y[0, vj] = T.float32(0)
                    y[0, vj] = y[0, vj] + x[0, vj + vk] * w[vk]
    for t in range(10):
        for l in T.vectorized(8):
            with T.block("shift"):
                vt, vl = T.axis.remap("SS", [t, l])
                z[vt * 8 + 8 + vl] = z[vt * 8 + vl] + T.float32(1)
    for t in range(4):
        for a in range(2):
            for l in T.vectorized(8):
                u[t * 8 + a + l] = u[t * 8 + a + l] * T.float32(2) + T.Cast("float32", a)
