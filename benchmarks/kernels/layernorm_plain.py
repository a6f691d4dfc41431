# layer norm over the rows of a 4096x1024 float32 matrix (eps 1e-5, gamma and
# beta per column): the mean, then the variance in a second pass, then the
# normalized output; the row accumulators in a small local buffer as in softmax.
@T.prim_func
def main(A: T.Buffer((4096, 1024), "float32"), gamma: T.Buffer((1024,), "float32"), beta: T.Buffer((1024,), "float32"), B: T.Buffer((4096, 1024), "float32")):
    row = T.decl_buffer((2,), "float32")
    for i in range(4096):
        row[0] = T.float32(0)
        for k in range(1024):
            row[0] = row[0] + A[i, k]
        mean: T.float32 = row[0] / T.float32(1024)
        row[1] = T.float32(0)
        for k in range(1024):
            d: T.float32 = A[i, k] - mean
            row[1] = row[1] + d * d
        rstd: T.float32 = T.rsqrt(row[1] / T.float32(1024) + T.float32(1e-05))
        for k in range(1024):
            B[i, k] = (A[i, k] - mean) * rstd * gamma[k] + beta[k]
