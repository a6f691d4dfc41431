# case: lane-wise bit operations on integer vectors; shift amounts outside [0, bits) give 0 or the sign fill, as the scalar ones (expected values computed with Python's arbitrary-precision integers)
# in A int8[4] = -128 -1 5 100
# in S int8[4] = 1 7 8 -1
# in B int8[4]
# in C int8[4]
# in D int8[4]
# in E uint16[4] = 65535 1 2 32768
# in F uint16[4]
# out B = -64 -1 0 0
# out C = 0 -128 0 0
# out D = 126 7 -14 100
# out F = 3 1 2 1
@T.prim_func
def main(A: T.Buffer((4,), "int8"), S: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8"), C: T.Buffer((4,), "int8"), D: T.Buffer((4,), "int8"), E: T.Buffer((4,), "uint16"), F: T.Buffer((4,), "uint16")):
    B[0:4] = T.shift_right(A[0:4], S[0:4])
    C[0:4] = T.shift_left(A[0:4], S[0:4])
    D[0:4] = ~A[0:4] ^ S[0:4]
    F[0:4] = T.shift_right(E[0:4], T.Broadcast(T.uint16(15), 4)) | (E[0:4] & T.Broadcast(T.uint16(3), 4))
