# case: the most negative int32 divided by -1 wraps and is not an error (spec-readings 5)
# in A int32[2] = -2147483648 -1
# in B int32[2]
# out B = -2147483648 0
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = T.truncdiv(A[0], A[1])
    B[1] = T.truncmod(A[0], A[1])
