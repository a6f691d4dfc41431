# case: with one thread a parallel loop runs on the calling thread with the same result (spec Stmt semantics 12.ii)
# threads: 1
# in A int32[5]
# out A = 5 4 3 2 1
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    for i in T.parallel(5):
        A[i] = 5 - i
