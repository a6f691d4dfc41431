# case: T.match_buffer of a typed pointer parameter views the memory it points to, so the buffer's dtype must be the pointer's
# in p float32[4]
# error compile: T.match_buffer: buffer 'X' holds int32 but parameter 'p' points to float32
@T.prim_func
def main(p: T.handle("float32")):
    X = T.match_buffer(p, (4,), "int32")
    X[0] = 1
