# case: a scalar multiply-accumulate loop (a dot product per output element) gives the loop's result (spec Stmt semantics 12.i)
# in A float64[2, 3] = 1 2 3 4 5 6
# in B float64[3, 2] = 0.5 1 0.25 -1 2 0
# in C float64[2, 2] = 10 10 10 10
# out C = 17 9 25.25 9
@T.prim_func
def main(A: T.Buffer((2, 3), "float64"), B: T.Buffer((3, 2), "float64"), C: T.Buffer((2, 2), "float64")):
    for i, j in T.grid(2, 2):
        for k in range(3):
            C[i, j] = C[i, j] + A[i, k] * B[k, j]
