# case: a loop whose iterations read the previous iteration's store keeps the serial order (spec Stmt semantics 12.i)
# in A int32[40]
# out A = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39
@T.prim_func
def main(A: T.Buffer((40,), "int32")):
    A[0] = 0
    for i in range(39):
        A[i + 1] = A[i] + 1
