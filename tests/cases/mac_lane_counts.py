# case: vector multiply-accumulate rows of 3, 8 and 16 lanes (the VM has specialised loops for some lane counts and a general one for the rest) give the loop's result (spec Stmt semantics 12.i, Expr semantics 13); expected values computed in Python (all exact in float32)
# in A float32[2, 3] = 0.5 1 1.5 2 2.5 3
# in B3 float32[3, 3] = -3 -2 -1 0 1 2 3 -3 -2
# in B8 float32[3, 8] = -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1
# in B16 float32[3, 16] = -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2
# in C3 float32[2, 3]
# in C8 float32[2, 8]
# in C16 float32[2, 16]
# out C3 = 3 -4.5 -1.5 3 -10.5 -3
# out C8 = -5 -2 1 4 7 -0.5 -4.5 -5 -14 -6.5 1 8.5 16 2.5 -7.5 -14
# out C16 = -1 2 5 -2.5 0.5 -3.5 -0.5 -1 2 5 -2.5 0.5 -3.5 -0.5 -1 2 -5.5 2 9.5 -4 3.5 -6.5 1 -5.5 2 9.5 -4 3.5 -6.5 1 -5.5 2
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B3: T.Buffer((3, 3), "float32"), B8: T.Buffer((3, 8), "float32"), B16: T.Buffer((3, 16), "float32"), C3: T.Buffer((2, 3), "float32"), C8: T.Buffer((2, 8), "float32"), C16: T.Buffer((2, 16), "float32")):
    for i in range(2):
        C3[i, 0:3] = T.Broadcast(T.float32(0), 3)
        for k in range(3):
            C3[i, 0:3] = C3[i, 0:3] + T.Broadcast(A[i, k], 3) * B3[k, 0:3]
    for i in range(2):
        C8[i, 0:8] = T.Broadcast(T.float32(0), 8)
        for k in range(3):
            C8[i, 0:8] = C8[i, 0:8] + T.Broadcast(A[i, k], 8) * B8[k, 0:8]
    for i in range(2):
        C16[i, 0:16] = T.Broadcast(T.float32(0), 16)
        for k in range(3):
            C16[i, 0:16] = C16[i, 0:16] + T.Broadcast(A[i, k], 16) * B16[k, 0:16]
