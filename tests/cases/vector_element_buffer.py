# case: a buffer whose dtype is a vector type holds one vector per element (spec Expr typing rule 7.v)
# in A float32[8] = 1 2 3 4 5 6 7 8
# in B float32[8]
# out B = 2 4 6 8 10 12 14 16
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    acc = T.allocate([2], "float32x4", "global")
    acc_1 = T.Buffer((2,), "float32x4", data=acc)
    for i in range(2):
        acc_1[i] = A[i * 4:i * 4 + 4] * T.Broadcast(T.float32(2), 4)
    for i in range(2):
        B[i * 4:i * 4 + 4] = acc_1[i]
