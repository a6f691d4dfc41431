# case: a running max of an expression (not a plain load) over 40 elements, vectorized and folded in lane order: max of A[k] * 0.5 is 9.5
# in A float32[40] = -20 -13 -6 1 8 15 -18 -11 -4 3 10 17 -16 -9 -2 5 12 19 -14 -7 0 7 14 -19 -12 -5 2 9 16 -17 -10 -3 4 11 18 -15 -8 -1 6 13
# in S float32[1]
# out S = 9.5
@T.prim_func
def main(A: T.Buffer((40,), "float32"), S: T.Buffer((1,), "float32")):
    m = T.decl_buffer((1,), "float32")
    m[0] = T.float32(-1000)
    for k in range(40):
        m[0] = T.max(m[0], A[k] * T.float32(0.5))
    S[0] = m[0]
