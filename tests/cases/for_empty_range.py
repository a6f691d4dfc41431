# case: a loop whose extent is zero or negative runs no iterations (spec Stmt semantics 12.i.e)
# in A int32[2] = 7 7
# in n = -3
# out A = 7 7
@T.prim_func
def main(A: T.Buffer((2,), "int32"), n: T.int32):
    for i in range(n):
        A[0] = 0
    for i in range(0):
        A[1] = 0
