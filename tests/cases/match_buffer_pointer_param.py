# case: T.match_buffer of a typed pointer parameter gives the parameter that buffer: its tensor binds with the buffer's shape
# in p float32[2, 3] = 1 2 3 4 5 6
# out p = 1 2 3 40 50 60
@T.prim_func
def main(p: T.handle("float32")):
    X = T.match_buffer(p, (2, 3), "float32")
    for j in range(3):
        X[1, j] = X[1, j] * T.float32(10)
