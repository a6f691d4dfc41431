# case: T.allocate_const before the blocks of a function (TVM's cache_read test form): the block reads the constants through a decl_buffer view
# in A float32[4] = 1 2 3 4
# in C float32[4]
# out C = 1.5 3.25 3 4.75
@T.prim_func
def main(A: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    B = T.allocate_const([0.5, 1.25, 0.0, 0.75], "float32", [4])
    B_buf = T.decl_buffer((4,), dtype="float32", data=B)
    for i in range(4):
        with T.block("C"):
            vi = T.axis.spatial(4, i)
            C[vi] = A[vi] + B_buf[vi]
