# case: a pointer parameter passes on to a further call, and a written buffer is seen by the outermost caller (spec Expr semantics 11.ii; spec-readings 20)
# in A int64[3] = 5 6 7
# out A = 5 6 70
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((3,), "int64")):
        Module.outer(A.data)

    @T.prim_func
    def outer(a: T.handle("int64")):
        Module.inner(a)

    @T.prim_func
    def inner(a: T.handle("int64")):
        X = T.Buffer((3,), "int64", data=a)
        X[2] = X[2] * T.int64(10)
