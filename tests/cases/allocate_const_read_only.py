# case: the data of T.allocate_const is read-only: a store through a view of it is refused
# error compile: views the constant data of T.allocate_const 'K', which is read-only
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    K = T.allocate_const([1, 2, 3, 4], "int32", [4])
    K_buf = T.decl_buffer((4,), "int32", data=K)
    K_buf[0] = 5
    A[0] = K_buf[0]
