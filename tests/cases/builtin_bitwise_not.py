# case: T.bitwise_not is ~x on each integer type, in its width (tvmscript.md 7.2): ~5 = -6, ~-1 = 0, ~0 (uint8) = 255, ~200 (uint8) = 55
# in A int32[2] = 5 -1
# in B uint8[2] = 0 200
# in C int32[2]
# in D uint8[2]
# out C = -6 0
# out D = 255 55
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "uint8"), C: T.Buffer((2,), "int32"), D: T.Buffer((2,), "uint8")):
    for i in range(2):
        C[i] = T.bitwise_not(A[i])
        D[i] = T.bitwise_not(B[i])
