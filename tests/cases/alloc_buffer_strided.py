# case: buffers that allocate their memory with explicit strides hold every element their strides reach: row stride 4 for 3 columns (TVM's flattened extent strides[0] * shape[0] = 8), and the column-major strides [1, 2], where the reach 1 + 1*1 + 2*2 = 6 exceeds strides[0] * shape[0] = 2
# in A float32[2, 3] = 1 2 3 4 5 6
# in C float32[2, 3]
# in D float32[2, 3]
# out C = 4 6 8 10 12 14
# out D = 3 4 5 6 7 8
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), C: T.Buffer((2, 3), "float32"), D: T.Buffer((2, 3), "float32")):
    with T.block("root"):
        B = T.alloc_buffer([2, 3], "float32", strides=[4, 1])
        E = T.alloc_buffer([2, 3], "float32", strides=[1, 2])
        for i, j in T.grid(2, 3):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] + T.float32(1)
                E[vi, vj] = A[vi, vj] + T.float32(2)
        for i, j in T.grid(2, 3):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi, vj] * T.float32(2)
                D[vi, vj] = E[vi, vj]
