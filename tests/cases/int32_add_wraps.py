# case: int32 addition wraps in two's complement (spec Expr semantics 13.ii)
# in A int32[2] = 2147483647 -2147483648
# in B int32[2]
# out B = -2147483648 2147483647
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[0] + 1
    B[1] = A[1] - 1
