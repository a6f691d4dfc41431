# case: a second buffer whose extent disagrees with the bound shape variable is an error (spec PrimFunc 2.iv)
# in A float32[3] = 1 2 3
# in B float32[4]
# error run: shape[0] is 4
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")
    for i in range(n):
        B[i] = A[i]
