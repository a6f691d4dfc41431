# case: running max and min of each row held in a two-element local buffer (range reductions into registers); rows 3 -7 5 0 and -1 -2 -3 -4
# in A float32[2, 4] = 3 -7 5 0 -1 -2 -3 -4
# in B float32[2, 2]
# out B = 5 -7 -1 -4
@T.prim_func
def main(A: T.Buffer((2, 4), "float32"), B: T.Buffer((2, 2), "float32")):
    m = T.decl_buffer((2,), "float32")
    for i in range(2):
        m[0] = T.float32(-1000)
        m[1] = T.float32(1000)
        for k in range(4):
            m[0] = T.max(m[0], A[i, k])
        for k in range(4):
            m[1] = T.min(m[1], A[i, k])
        B[i, 0] = m[0]
        B[i, 1] = m[1]
