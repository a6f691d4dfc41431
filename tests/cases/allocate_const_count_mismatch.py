# case: T.allocate_const's data must fill its extents exactly
# error compile: T.allocate_const has 3 values for extents holding 4
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    K = T.allocate_const([1, 2, 3], "int32", [2, 2])
    K_buf = T.decl_buffer((4,), "int32", data=K)
    A[0] = K_buf[0]
