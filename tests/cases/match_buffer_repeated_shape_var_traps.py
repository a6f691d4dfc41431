# case: a shape Var used twice in one match_buffer binds to the first extent and must equal the second (spec semantics 14.iii)
# in A int32[2,3]
# in B int32[1]
# error run: match_buffer
@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((1,), "int32")):
    with T.block("root"):
        T.reads()
        T.writes()
        with T.block("b"):
            n = T.int32()
            S = T.match_buffer(A[0:2, 0:3], (n, n), "int32")
            B[0] = n
