# case: Broadcast repeats a scalar in every lane; Ramp(b, s, n) has lane i = b + i*s (spec Expr semantics 8, 9)
# in A int32[4]
# in B int32[4]
# out A = 7 7 7 7
# out B = 5 8 11 14
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    A[0:4] = T.Broadcast(7, 4)
    B[0:4] = T.Ramp(5, 3, 4)
