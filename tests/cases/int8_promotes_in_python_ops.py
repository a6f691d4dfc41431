# case: A_int8[i] + 1 is computed in int32 and cast back on store (tvmscript.md 6.3, spec-readings 11)
# in A int8[2] = 127 -128
# in B int32[2]
# in C int8[2]
# out B = 128 -127
# out C = -128 -127
@T.prim_func
def main(A: T.Buffer((2,), "int8"), B: T.Buffer((2,), "int32"), C: T.Buffer((2,), "int8")):
    for i in range(2):
        B[i] = A[i] + 1
        C[i] = A[i] + 1
