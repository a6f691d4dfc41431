# case: the entry function returns a value through tir.ret and stops there (spec PrimFunc semantics 1.vi, Builtin tir.ret)
# in A float64[3] = 1.5 2.25 -0.75
# return: 3
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def add3(a: T.float64, b: T.float64, c: T.float64) -> T.float64:
        return a + b + c

    @T.prim_func
    def main(A: T.Buffer((3,), "float64")) -> T.float64:
        return Module.add3(A[0], A[1], A[2])
        A[0] = T.float64(99)
