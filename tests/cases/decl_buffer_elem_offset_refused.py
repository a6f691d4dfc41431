# case: a view at a nonzero elem_offset into another buffer's memory is refused by name (tirvm adds no offset to a body buffer's accesses)
# in A float32[8]
# error compile: unsupported: elem_offset on buffer 'V'
@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    V = T.decl_buffer([4], "float32", data=A.data, elem_offset=2)
    V[0] = T.float32(1)
