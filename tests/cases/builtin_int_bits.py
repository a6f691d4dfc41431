# case: bitwise operators and shifts on integers; >> is arithmetic for signed types (tvmscript.md 6.3, 7.2)
# in A int32[2] = -16 12
# in B uint8[1] = 240
# in C int32[6]
# in D uint8[1]
# out C = -8 -64 8 14 -13 15
# out D = 60
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "uint8"), C: T.Buffer((6,), "int32"), D: T.Buffer((1,), "uint8")):
    C[0] = A[0] >> 1
    C[1] = A[0] << 2
    C[2] = A[1] & 10
    C[3] = A[1] | 6
    C[4] = A[1] ^ -1
    C[5] = ~A[0]
    D[0] = B[0] >> T.uint8(2)
