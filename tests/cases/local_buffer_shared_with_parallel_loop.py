# case: a local buffer written before a parallel loop and read inside it stays one buffer shared by every iteration
# in A float32[4] = 1 2 3 4
# in B float32[4]
# out B = 11 12 13 14
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    c = T.decl_buffer((1,), "float32")
    c[0] = T.float32(10)
    for i in T.parallel(4):
        B[i] = A[i] + c[0]
