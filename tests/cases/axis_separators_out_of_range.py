# case: axis separators must be non-decreasing and at most the buffer's rank (TVM's rule)
# error compile: axis_separators must be non-decreasing and within 0..2
@T.prim_func
def main():
    D = T.decl_buffer([2, 6], "float32", axis_separators=[3])
    D[0, 0] = T.float32(1)
