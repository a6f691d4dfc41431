# case: T.realize of a parameter buffer only annotates it (its bounds and scope inform code generation; TVM treats a realize of an external buffer so): the body's stores reach the argument (spec Stmt semantics 6.v)
# in A int32[8]
# out A = 1 1 1 1 0 0 0 0
@T.prim_func
def func(A: T.Buffer(8, "int32")):
    T.realize(A[0:4], "global")
    for i in range(4):
        A[i] = 1
