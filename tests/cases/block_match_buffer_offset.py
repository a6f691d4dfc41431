# case: a block match_buffer aliases a region of its source with index offsets (spec Stmt semantics 14.iii)
# in A int32[3, 4] = 0 0 0 0 0 0 0 0 0 0 0 0
# out A = 0 0 0 0 0 0 7 8 0 0 0 0
@T.prim_func
def main(A: T.Buffer((3, 4), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[1, 2:4], (2,), "int32", offset_factor=1)
            S[0] = 7
            S[1] = 8
