# case: popcount counts set bits in the type's width; clz counts leading zeros in int32, the width for 0 (tvmscript.md 7.2)
# in A int32[3] = 7 1 0
# in B int8[1] = -1
# in C uint8[1] = 1
# in R int32[6]
# out R = 3 31 32 8 7 0
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((1,), "int8"), C: T.Buffer((1,), "uint8"), R: T.Buffer((6,), "int32")):
    R[0] = T.popcount(A[0])
    R[1] = T.clz(A[1])
    R[2] = T.clz(A[2])
    R[3] = T.Cast("int32", T.popcount(B[0]))
    R[4] = T.clz(C[0])
    R[5] = T.popcount(A[2])
