# case: a 2x2 window reduction block (two reduction loops, init on the window's first element) computed as one two-level multiply-accumulate; 3x3 output of a 4x4 input 1..16 with weights 1 -1 2 0.5
# in A float32[4, 4] = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
# in W float32[2, 2] = 1 -1 2 0.5
# in C float32[3, 3]
# out C = 12 14.5 17 22 24.5 27 32 34.5 37
# loop-instructions: the two reduction loops of the window, their init
# peeled before them, become one tirvm.mac2 over the window's first
# elements, with the flat strides of A and W per step of each loop; the
# loop over a row's 3 outputs, only that mac2 and its init, is then one
# mactz over 3 rows of one lane (tile-rows).
@T.prim_func
def main(A: T.Buffer((4, 4), "float32"), W: T.Buffer((2, 2), "float32"), C: T.Buffer((3, 3), "float32")):
    for i, j, a, b in T.grid(3, 3, 2, 2):
        with T.block("C"):
            vi, vj, va, vb = T.axis.remap("SSRR", [i, j, a, b])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi + va, vj + vb] * W[va, vb]
