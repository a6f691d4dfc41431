# case: a loop that replaces each element by a function of itself gives the serial result (spec Stmt semantics 12.i)
# in A float32[34] = 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 42 44 46 48 50 52 54 56 58 60 62 64 66 68
# in S float32[1] = 2
# out A = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34
@T.prim_func
def main(A: T.Buffer((34,), "float32"), S: T.Buffer((1,), "float32")):
    for i in range(34):
        A[i] = A[i] / S[0]
