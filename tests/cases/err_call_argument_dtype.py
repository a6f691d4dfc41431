# case: a call's argument must have the dtype of the callee's parameter
# error compile: argument 0 of 'f' is int64, but parameter 'n' is int32
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f(n: T.int32) -> T.int32:
        return n

    @T.prim_func
    def main(A: T.Buffer((1,), "int32")):
        A[0] = Module.f(T.int64(3))
