# case: a vectorized loop gives the serial loop's result (spec Stmt semantics 12.iii), here compiled to vector instructions
# in A float32[2, 8] = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
# in B float32[2, 8]
# out B = 3 5 7 9 11 13 15 17 19 21 23 25 27 29 31 33
@T.prim_func
def main(A: T.Buffer((2, 8), "float32"), B: T.Buffer((2, 8), "float32")):
    for i in range(2):
        for j in T.vectorized(8):
            B[i, j] = A[i, j] * T.float32(2) + T.float32(1)
