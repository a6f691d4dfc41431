# case: a parallel loop nested in a parallel loop runs in its worker; a buffer allocated in the body is per iteration (spec Stmt semantics 12.ii, 7)
# threads: 2
# in A int32[3, 4]
# out A = 0 1 2 3 10 11 12 13 20 21 22 23
@T.prim_func
def main(A: T.Buffer((3, 4), "int32")):
    for i in T.parallel(3):
        tmp = T.allocate([1], "int32", "global")
        tmp_1 = T.Buffer((1,), "int32", data=tmp)
        tmp_1[0] = i * 10
        for j in T.parallel(4):
            A[i, j] = tmp_1[0] + j
