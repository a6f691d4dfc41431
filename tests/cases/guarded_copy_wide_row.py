# case: a guarded copy over a 40-element row, its guard written both ways round (w > 2, 37 >= w): elements 3..37 copied (the middle range vectorized), the rest set to 0
# in A int32[40] = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40
# in B int32[40]
# out B = 0 0 0 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 0 0
@T.prim_func
def main(A: T.Buffer((40,), "int32"), B: T.Buffer((40,), "int32")):
    for w in range(40):
        B[w] = T.if_then_else(w > 2 and 37 >= w, A[w], 0)
