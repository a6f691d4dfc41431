# case: T.grid nests serial loops and if/else picks a branch (spec Stmt semantics 10, 12)
# in A int32[2, 3]
# out A = 0 1 1 -1 0 1
@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    for i, j in T.grid(2, 3):
        if i == j:
            A[i, j] = 0
        else:
            if i < j:
                A[i, j] = 1
            else:
                A[i, j] = -1
