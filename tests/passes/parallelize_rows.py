# pass parallelize: the rows of a matmul (1024 rows of 64 columns over 64 terms: 2^22 multiply-adds) are independent, so the row loop becomes parallel; a running sum down the rows reads the row before (B[i - 1, j]) and a total accumulates into one element: both are as large, and both stay serial; so does a small elementwise loop
@T.prim_func
def main(A: T.Buffer((1024, 64), "float32"), W: T.Buffer((64, 64), "float32"), C: T.Buffer((1024, 64), "float32"), D: T.Buffer((2048, 1024), "float32"), B: T.Buffer((2048, 1024), "float32"), S: T.Buffer((1,), "float32"), E: T.Buffer((64, 64), "float32")):
    T.func_attr({"tir.noalias": True})
    for i, j, k in T.grid(1024, 64, 64):
        with T.block("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * W[vk, vj]
    for i in range(1, 2048):
        for j in range(1024):
            B[i, j] = B[i - 1, j] + D[i, j]
    for i in range(2048):
        for j in range(1024):
            S[0] = S[0] + D[i, j]
    for i in range(64):
        for j in range(64):
            E[i, j] = W[i, j] * T.float32(2)
