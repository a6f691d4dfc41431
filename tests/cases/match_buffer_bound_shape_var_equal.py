# case: a block match_buffer whose shape is an already-bound Var equal to the region's extent runs normally
# in A int32[4] = 1 2 3 4
# in B int32[4]
# in n = 4
# out B = 1 0 0 0
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), n: T.int32):
    with T.block("root"):
        T.reads()
        T.writes()
        with T.block("b"):
            S = T.match_buffer(A[0:4], (n,), "int32")
            B[0] = S[0]
