# case: a local element written by one iteration of a parallel loop is seen after the loop (the buffer is shared memory, not a per-worker register)
# in A float32[4] = 1 2 3 4
# in B float32[1]
# out B = 3
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((1,), "float32")):
    c = T.decl_buffer((1,), "float32")
    c[0] = T.float32(0)
    for i in T.parallel(4):
        if i == 2:
            c[0] = A[i]
    B[0] = c[0]
