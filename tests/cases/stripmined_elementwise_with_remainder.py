# case: an elementwise loop of 37 iterations (16-lane chunks plus a remainder) gives the serial result (spec Stmt semantics 12.i)
# in A float32[37] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36
# in B float32[37]
# out B = 1 3 5 7 9 11 13 15 17 19 21 23 25 27 29 31 33 35 37 39 41 43 45 47 49 51 53 55 57 59 61 63 65 67 69 71 73
@T.prim_func
def main(A: T.Buffer((37,), "float32"), B: T.Buffer((37,), "float32")):
    for i in range(37):
        B[i] = A[i] * T.float32(2) + T.float32(1)
