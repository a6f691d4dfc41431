# case: a loop that stores each term and accumulates it (softmax's exp pass) keeps both: B gets 2*A and the sum is 1640
# in A float64[40] = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40
# in B float64[40]
# in S float64[1]
# out B = 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 42 44 46 48 50 52 54 56 58 60 62 64 66 68 70 72 74 76 78 80
# out S = 1640
@T.prim_func
def main(A: T.Buffer((40,), "float64"), B: T.Buffer((40,), "float64"), S: T.Buffer((1,), "float64")):
    acc = T.decl_buffer((1,), "float64")
    acc[0] = T.float64(0)
    for k in range(40):
        e: T.float64 = A[k] * T.float64(2)
        B[k] = e
        acc[0] = acc[0] + e
    S[0] = acc[0]
