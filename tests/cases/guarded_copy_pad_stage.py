# case: a pad stage (if_then_else over a row guard and a column guard) runs in ranges where the guard is constant; the 2x3 input framed by -1 into 4x5, and the input is read only inside the frame (reading outside would be out of bounds)
# in A float32[2, 3] = 1 2 3 4 5 6
# in P float32[4, 5]
# out P = -1 -1 -1 -1 -1 -1 1 2 3 -1 -1 4 5 6 -1 -1 -1 -1 -1 -1
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), P: T.Buffer((4, 5), "float32")):
    for h, w in T.grid(4, 5):
        with T.block("P"):
            vh, vw = T.axis.remap("SS", [h, w])
            P[vh, vw] = T.if_then_else(1 <= vh and vh < 3 and 1 <= vw and vw < 4, A[vh - 1, vw - 1], T.float32(-1))
