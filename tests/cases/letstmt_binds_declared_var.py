# case: T.LetStmt(value, var=x) binds a declared Var, in with-form and statement form; T.let(x, value) is the deprecated statement form (TVMScript 5.7)
# in A int32[4]
# out A = 7 8 8 9
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    x = T.int32()
    with T.LetStmt(A[0] + 7, var=x):
        A[0] = x
    y = T.int32()
    A[1] = 8
    T.LetStmt(A[1], var=y)
    A[2] = y
    z = T.int32()
    T.let(z, y + 1)
    A[3] = z
