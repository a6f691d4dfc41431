# case: a while loop runs until its condition is 0 (spec Stmt semantics 13)
# in A int32[5] = 1 2 3 4 5
# in B int32[5]
# out B = 1 3 6 10 15
@T.prim_func
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((5,), "int32")):
    st = T.alloc_buffer((2,), "int32")
    st[0] = 0
    st[1] = 0
    while st[0] < 5:
        st[1] = st[1] + A[st[0]]
        B[st[0]] = st[1]
        st[0] = st[0] + 1
