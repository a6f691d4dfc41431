# case: a reshape written with TVM's index arithmetic (floordiv and floormod of a flat index whose range fits one block) copies each row
# in A float32[1, 4, 8] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
# in R float32[1, 4, 2, 4]
# out R = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
@T.prim_func
def main(A: T.Buffer((1, 4, 8), "float32"), R: T.Buffer((1, 4, 2, 4), "float32")):
    for ax0, ax1, ax2, ax3 in T.grid(1, 4, 2, 4):
        with T.block("R"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            R[v0, v1, v2, v3] = A[0, ((v2 * 4 + v3) // 8 + v1) % 4, (v2 * 4 + v3) % 8]
