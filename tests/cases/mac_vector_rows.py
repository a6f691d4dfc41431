# case: a multiply-accumulate inner loop over vector rows (the matmul schedule) gives the loop's result (spec Stmt semantics 12.i, Expr semantics 13)
# in A float32[2, 3] = 1 2 3 4 5 6
# in B float32[3, 4] = 1 0 0 1 0 1 0 1 0 0 1 1
# in C float32[2, 4]
# out C = 1 2 3 6 4 5 6 15
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((3, 4), "float32"), C: T.Buffer((2, 4), "float32")):
    for i in range(2):
        C[i, 0:4] = T.Broadcast(T.float32(0), 4)
        for k in range(3):
            C[i, 0:4] = C[i, 0:4] + T.Broadcast(A[i, k], 4) * B[k, 0:4]
