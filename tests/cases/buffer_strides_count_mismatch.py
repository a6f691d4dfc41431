# case: a buffer's strides give one stride per dimension
# error compile: buffer 'B' has 2 dimensions but 1 strides
@T.prim_func
def main():
    B = T.decl_buffer([2, 3], "float32", strides=[4])
    B[0, 0] = T.float32(1)
