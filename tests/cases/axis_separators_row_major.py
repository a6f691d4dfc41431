# case: axis_separators group axes into physical dimensions; with row-major physical memory an index names the same element, so a (2, 6) buffer and a (2, 2, 3) view of it with axis_separators=[1] agree: E[i, j, k] is D[i, 3*j + k], as TVM's flattening to physical (2, 6) indices makes it
# in A float32[2, 3] = 1 2 3 4 5 6
# in B float32[2, 3]
# in C float32[2, 2, 3]
# out B = 2 4 6 8 10 12
# out C = 0 1 2 3 4 5 10 11 12 13 14 15
@T.prim_func
def main(A: T.Buffer(shape=(2, 3), dtype="float32", axis_separators=(1,)), B: T.Buffer((2, 3), "float32"), C: T.Buffer((2, 2, 3), "float32")):
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j] * T.float32(2)
    D = T.decl_buffer([2, 6], "float32", axis_separators=[1])
    for i, c in T.grid(2, 6):
        D[i, c] = T.Cast("float32", i * 10 + c)
    E = T.decl_buffer([2, 2, 3], "float32", data=D.data, axis_separators=[1])
    for i, j, k in T.grid(2, 2, 3):
        C[i, j, k] = E[i, j, k]
