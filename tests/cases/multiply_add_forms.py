# case: vector multiply-adds, each one instruction over buffer ranges: in place with the destination overlapping the sources (old values read), products rounded before the sum (X*X + N cancels exactly in float32), an int32 product that wraps with a stride-2 source and a broadcast factor, and a strip-mined loop scaling by a loaded scalar
# in A float32[5] = 1 2 3 4 5
# in B float32[5] = 10 20 30 40 50
# in X float32[2] = 1.000244140625 1.000244140625
# in N float32[2] = -1.00048828125 -1.00048828125
# in C float32[2]
# in E int32[4] = 65536 0 3 0
# in F int32[2] = 5 6
# in D int32[2]
# in P float32[40] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39
# in Q float32[40] = 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
# in K float32[1] = 2
# in R float32[40]
# out A = 1 11 42 93 164
# out C = 0 0
# out D = 5 196614
# out R = 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), X: T.Buffer((2,), "float32"),
         N: T.Buffer((2,), "float32"), C: T.Buffer((2,), "float32"), E: T.Buffer((4,), "int32"),
         F: T.Buffer((2,), "int32"), D: T.Buffer((2,), "int32"), P: T.Buffer((40,), "float32"),
         Q: T.Buffer((40,), "float32"), K: T.Buffer((1,), "float32"), R: T.Buffer((40,), "float32")):
    A[T.Ramp(1, 1, 4)] = A[T.Ramp(0, 1, 4)] * B[T.Ramp(0, 1, 4)] + A[T.Ramp(0, 1, 4)]
    C[T.Ramp(0, 1, 2)] = X[T.Ramp(0, 1, 2)] * X[T.Ramp(0, 1, 2)] + N[T.Ramp(0, 1, 2)]
    D[T.Ramp(0, 1, 2)] = E[T.Ramp(0, 2, 2)] * T.Broadcast(65536, 2) + F[T.Ramp(0, 1, 2)]
    for i in range(40):
        R[i] = P[i] + Q[i] * K[0]
