# case: T.decl_buffer(shape, dtype, data) with data as its third positional argument is a view of that memory, as data=data is (TVM's decl_buffer signature)
# in A int8[4]
# out A = 0 7 0 9
@T.prim_func
def main(A: T.Buffer((4,), "int8")):
    data = T.allocate([4], "int8")
    X = T.decl_buffer([4], "int8", data)
    Y = T.decl_buffer([2, 2], "int8", data)
    X[1] = T.int8(7)
    Y[1, 1] = T.int8(9)
    for i in range(4):
        A[i] = X[i]
