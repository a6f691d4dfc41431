# case: a with-statement of two items is the first with the second nested inside it (Python's meaning), each binding its own target; scope "" is global, as in TVM
# in A float32[4] = 1 2 3 4
# in B float32[4]
# out B = 3 6 9 12
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    with T.allocate([4], "float32", "global") as p, T.allocate([4], "float32", "") as q:
        P = T.Buffer((4,), "float32", data=p)
        Q = T.Buffer((4,), "float32", data=q)
        for i in range(4):
            P[i] = A[i] * T.float32(2)
            Q[i] = A[i]
        for i in range(4):
            B[i] = P[i] + Q[i]
