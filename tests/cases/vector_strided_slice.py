# case: A[b:b+8:2] is a 4-lane Ramp with stride 2 (tvmscript.md 5.2, spec Expr semantics 8)
# in A int32[8] = 0 1 2 3 4 5 6 7
# in B int32[4]
# out B = 1 3 5 7
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = A[1:9:2]
