# case: with T.allocate(...) as p: allocates p for the with-suite, viewed through T.Buffer(data=p)
# in A float32[4] = 1 2 3 4
# out A = 2 4 6 8
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    with T.allocate([4], "float32", "global") as p:
        P = T.Buffer((4,), "float32", data=p)
        for i in range(4):
            P[i] = A[i]
        for i in range(4):
            A[i] = P[i] * T.float32(2)
