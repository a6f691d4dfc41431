# case: Shuffle takes lane indices[i] of the concatenated vectors, one index per input lane (spec Expr semantics 12, typing rule 12; spec-readings 4)
# in A int32[4] = 10 11 12 13
# in B int32[4] = 20 21 22 23
# in C int32[8]
# out C = 13 20 11 22 10 23 12 21
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((8,), "int32")):
    C[0:8] = T.Shuffle([A[0:4], B[0:4]], [3, 4, 1, 6, 0, 7, 2, 5])
