# case: T.realize of a buffer with no memory allocates its shape for the rest of the body (spec Stmt semantics 6.ii; Variable Scoping: BufferRealize binds the buffer's data)
# in B int32[4]
# out B = 0 1 4 9
@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    A = T.Buffer((4,), "int32")
    T.realize(A[0:4], "")
    for i in range(4):
        A[i] = i * i
    for i in range(4):
        B[i] = A[i]
