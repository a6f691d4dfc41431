# case: a parallel loop with an int64 min and an int32 literal extent runs over int64 (spec For rules 2-5)
# threads: 2
# in A int64[4]
# out A = 10 11 12 13
@T.prim_func
def main(A: T.Buffer((4,), "int64")):
    for j in T.parallel(T.int64(0), 4):
        A[j] = j + T.int64(10)
