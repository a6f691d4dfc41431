# case: a root-block alloc_buffer holds an intermediate for the blocks that follow (spec Stmt semantics 14.ii)
# in A float32[4] = 1 2 3 4
# in B float32[4]
# out B = 3 5 7 9
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    # with T.block("root"):
    T_tmp = T.alloc_buffer((4,))
    for i in range(4):
        with T.block("tmp"):
            v_i = T.axis.spatial(4, i)
            T_tmp[v_i] = A[v_i] * T.float32(2)
    for i in range(4):
        with T.block("B"):
            v_i = T.axis.spatial(4, i)
            B[v_i] = T_tmp[v_i] + T.float32(1)
