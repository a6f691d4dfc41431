# case: n, m = T.int64(), T.int64() declares two shape variables at once, bound from the tensors (TVM's own tests write this)
# in A float32[2, 3] = 1 2 3 4 5 6
# in B float32[2, 3]
# out B = 2 4 6 8 10 12
@T.prim_func
def main(a: T.handle, b: T.handle):
    n, m = T.int64(), T.int64()
    A = T.match_buffer(a, (n, m), "float32")
    B = T.match_buffer(b, (n, m), "float32")
    for i, j in T.grid(n, m):
        B[i, j] = A[i, j] * T.float32(2)
