# case: views with explicit strides over one allocation address element (i, j) at i*strides[0] + j*strides[1] (spec PrimFunc 2.iv.c): a row view with row stride 5 and a transposed view with strides [1, 5] of a (2, 5) buffer
# in C int32[2, 4]
# in D int32[5, 2]
# out C = 0 1 2 3 10 11 12 13
# out D = 0 10 1 11 2 12 3 13 4 14
@T.prim_func
def main(C: T.Buffer((2, 4), "int32"), D: T.Buffer((5, 2), "int32")):
    B = T.decl_buffer([2, 5], "int32")
    for i, j in T.grid(2, 5):
        B[i, j] = i * 10 + j
    V = T.decl_buffer([2, 4], "int32", data=B.data, strides=[5, 1])
    W = T.decl_buffer([5, 2], "int32", data=B.data, strides=[1, 5])
    for i, j in T.grid(2, 4):
        C[i, j] = V[i, j]
    for j, i in T.grid(5, 2):
        D[j, i] = W[j, i]
