# case: a symbolic shape variable is bound from the first buffer and checked against the next (spec PrimFunc 2.iv)
# in A float32[3, 2] = 1 2 3 4 5 6
# in B float32[3, 2]
# out B = 2 4 6 8 10 12
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 2), "float32")
    B = T.match_buffer(b, (n, 2), "float32")
    for i, j in T.grid(n, 2):
        B[i, j] = A[i, j] * T.float32(2)
