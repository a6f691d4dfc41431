# pass fold-divisions: ((v2 * 4 + v3) // 8 + v1) % 4 with v2 * 4 + v3 < 8 and v1 < 4 is v1, and (v2 * 4 + v3) % 8 is v2 * 4 + v3, so the copy vectorizes
@T.prim_func
def main(A: T.Buffer((1, 4, 8), "float32"), R: T.Buffer((1, 4, 2, 4), "float32")):
    for ax0, ax1, ax2, ax3 in T.grid(1, 4, 2, 4):
        with T.block("R"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            R[v0, v1, v2, v3] = A[0, ((v2 * 4 + v3) // 8 + v1) % 4, (v2 * 4 + v3) % 8]
