# case: row sums over contiguous elements (softmax's and layer norm's statistics) stay one reduction instruction per row: the row of 8 is not longer than the reduction (8), and the reduction reads with a stride of 1
# in A float32[8, 8] = 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8
# in S float32[8]
# out S = 36 36 36 36 36 36 36 36
# interchange: nothing to do; loop-instructions makes each row a reduce_add.
@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), S: T.Buffer((8,), "float32")):
    for i, k in T.grid(8, 8):
        with T.block("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                S[vi] = T.float32(0)
            S[vi] = S[vi] + A[vi, vk]
