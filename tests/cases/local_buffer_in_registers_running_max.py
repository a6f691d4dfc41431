# case: a two-element local buffer read and written only at constant indices (kept in registers) carries a running max and a running sum across a loop
# in A float32[2, 4] = 1 5 2 3 -1 -4 -2 -3
# in B float32[2, 2]
# out B = 5 11 -1 -10
@T.prim_func
def main(A: T.Buffer((2, 4), "float32"), B: T.Buffer((2, 2), "float32")):
    acc = T.decl_buffer((2,), "float32")
    for i in range(2):
        acc[0] = T.float32(-100)
        acc[1] = T.float32(0)
        for k in range(4):
            acc[0] = T.max(acc[0], A[i, k])
            acc[1] = acc[1] + A[i, k]
        B[i, 0] = acc[0]
        B[i, 1] = acc[1]
