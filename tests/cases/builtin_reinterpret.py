# case: reinterpret keeps the bits and changes the type (tvmscript.md 6.4, 7.3)
# in A float32[2] = 1 -2
# in B int32[2]
# in C int32[1] = 1078530011
# in D float32[1]
# in E uint32[1]
# out B = 1065353216 -1073741824
# out D = 3.1415927410125732
# out E = 3221225472
@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "int32"), C: T.Buffer((1,), "int32"), D: T.Buffer((1,), "float32"), E: T.Buffer((1,), "uint32")):
    for i in range(2):
        B[i] = T.reinterpret("int32", A[i])
    D[0] = T.reinterpret("float32", C[0])
    E[0] = T.reinterpret("uint32", A[1])
