# case: casts between integers truncate high bits and sign-extend (spec Expr semantics 5)
# in A int32[3] = 300 -1 128
# in B int8[3]
# in C uint8[3]
# out B = 44 -1 -128
# out C = 44 255 128
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int8"), C: T.Buffer((3,), "uint8")):
    for i in range(3):
        B[i] = T.Cast("int8", A[i])
        C[i] = T.Cast("uint8", A[i])
