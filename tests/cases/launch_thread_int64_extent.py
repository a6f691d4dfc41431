# case: T.launch_thread with a tag and an int64 extent makes an int64 thread variable, as TVM does; with an int32 variable from T.env_thread the same extent is converted (both compiled into modules the loader rejected)
# in A float32[5] = 1 2 3 4 5
# in B float32[5]
# in C float32[5]
# out B = 2 4 6 8 10
# out C = 3 6 9 12 15
@T.prim_func
def main(a: T.handle, b: T.handle, c: T.handle):
    m = T.int64()
    A = T.match_buffer(a, (m,))
    B = T.match_buffer(b, (m,))
    C = T.match_buffer(c, (m,))
    with T.launch_thread("blockIdx.x", m) as bx:
        B[bx] = A[bx] * T.float32(2)
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, m):
        C[tx] = A[tx] * T.float32(3)
