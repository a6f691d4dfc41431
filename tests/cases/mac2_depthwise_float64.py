# case: depthwise 3x3 windows over two 4x4 float64 channels (values c*16 + h*4 + w), three reduction loops of which the two innermost become one two-level multiply-accumulate under the outer init guard
# in B float64[2, 4, 4] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
# in K float64[2, 3, 3] = 1 0 -1 2 0 -2 1 0 -1 0.5 0.25 0 0 1 0 -1 0 2
# in O float64[2, 2, 2]
# out O = -8 -8 -8 -8 61.25 64 72.25 75
@T.prim_func
def main(B: T.Buffer((2, 4, 4), "float64"), K: T.Buffer((2, 3, 3), "float64"), O: T.Buffer((2, 2, 2), "float64")):
    for c, i, j, a, b in T.grid(2, 2, 2, 3, 3):
        with T.block("O"):
            vc, vi, vj, va, vb = T.axis.remap("SSSRR", [c, i, j, a, b])
            with T.init():
                O[vc, vi, vj] = T.float64(0)
            O[vc, vi, vj] = O[vc, vi, vj] + B[vc, vi + va, vj + vb] * K[vc, va, vb]
