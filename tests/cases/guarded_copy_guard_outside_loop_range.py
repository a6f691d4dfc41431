# case: a guarded copy whose bounds lie outside the loop's range (-5 <= w < 100 over w in 0..5) copies everything; one whose row guard is false writes only the constant
# in A float64[2, 5] = 1 2 3 4 5 6 7 8 9 10
# in B float64[2, 5]
# out B = 1 2 3 4 5 0.5 0.5 0.5 0.5 0.5
@T.prim_func
def main(A: T.Buffer((2, 5), "float64"), B: T.Buffer((2, 5), "float64")):
    for r in range(2):
        for w in range(5):
            B[r, w] = T.if_then_else(r < 1 and -5 <= w and w < 100, A[r, w], T.float64(0.5))
