# case: a vectorized loop with control flow keeps the serial order, and if_then_else guards its loads (spec Stmt semantics 12.iii; spec-readings 7)
# in A int32[6] = 1 2 3 4 5 6
# in B int32[8]
# out B = 1 2 3 4 5 6 0 0
@T.prim_func
def main(A: T.Buffer((6,), "int32"), B: T.Buffer((8,), "int32")):
    for j in T.vectorized(8):
        B[j] = T.if_then_else(j < 6, A[j], 0)
