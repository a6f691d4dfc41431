# case: typed pointer parameters (a: T.handle("float32")) bind to one-dimensional tensors and are viewed through T.Buffer(..., data=a) and T.decl_buffer(..., data=b)
# in a float32[4] = 1 2 3 4
# in b float32[4]
# in n = 4
# out b = 2 4 6 8
@T.prim_func
def main(a: T.handle("float32"), b: T.handle("float32"), n: T.int32):
    A = T.Buffer((4,), "float32", data=a)
    B = T.decl_buffer((2, 2), "float32", data=b)
    for i in range(n):
        B[i // 2, i % 2] = A[i] * T.float32(2)
