# case: T.allocate_const(data, dtype, extents) points its name at constant data, viewed through T.decl_buffer / T.Buffer(data=...) in row-major order; nested lists flatten as numpy.asarray does, and float values of an integer dtype truncate (numpy's conversion)
# in A int32[2, 3] = 10 20 30 40 50 60
# in B int32[2, 3]
# in C int32[2, 3]
# in D int32[2]
# in F float32[2]
# out B = 11 18 33 44 55 66
# out C = 11 22 33 44 55 66
# out D = 1 -1
# out F ~1e-7 = 0.1 0.25
@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2, 3), "int32"), C: T.Buffer((2, 3), "int32"), D: T.Buffer((2,), "int32"), F: T.Buffer((2,), "float32")):
    K = T.allocate_const([1, -2, 3, 4, 5, 6], "int32", [2, 3])
    K_buf = T.decl_buffer((2, 3), "int32", data=K)
    N = T.allocate_const([[1, 2, 3], [4, 5, 6]], "int32", extents=[2, 3])
    N_buf = T.Buffer(shape=(2, 3), dtype="int32", data=N)
    R = T.allocate_const([1.7, -1.7], "int32", [2])
    R_buf = T.decl_buffer((2,), "int32", data=R)
    G = T.allocate_const([0.1, 0.25], "float32", [2])
    G_buf = T.decl_buffer((2,), "float32", data=G)
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j] + K_buf[i, j]
        C[i, j] = A[i, j] + N_buf[i, j]
    for i in range(2):
        D[i] = R_buf[i]
        F[i] = G_buf[i]
