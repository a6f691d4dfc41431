# case: a 2-d match_buffer over a 2-d region, indexed inside a loop (spec Stmt semantics 14.iii)
# in A float32[4, 4] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
# in B float32[2, 2]
# out B = 5 6 9 10
@T.prim_func
def main(A: T.Buffer((4, 4), "float32"), B: T.Buffer((2, 2), "float32")):
    for i, j in T.grid(2, 2):
        with T.block("copy"):
            vi, vj = T.axis.remap("SS", [i, j])
            S = T.match_buffer(A[1:3, 1:3], (2, 2))
            B[vi, vj] = S[vi, vj]
