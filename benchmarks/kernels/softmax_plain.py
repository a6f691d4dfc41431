# softmax over the rows of a 4096x1024 float32 matrix
@T.prim_func
def main(A: T.Buffer((4096, 1024), "float32"), B: T.Buffer((4096, 1024), "float32")):
    row = T.decl_buffer((2,), "float32")
    for i in range(4096):
        row[0] = T.float32(-3.4028234663852886e+38)
        for k in range(1024):
            row[0] = T.max(row[0], A[i, k])
        row[1] = T.float32(0)
        for k in range(1024):
            e: T.float32 = T.exp(A[i, k] - row[0])
            B[i, k] = e
            row[1] = row[1] + e
        for k in range(1024):
            B[i, k] = B[i, k] / row[1]
