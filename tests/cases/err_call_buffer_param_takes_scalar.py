# case: a buffer parameter takes a pointer or a buffer, not a scalar
# in A float32[2]
# error compile: argument 0 of 'f' is int32, but parameter 'x' is a buffer
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((2,), "float32")):
        Module.f(1)

    @T.prim_func
    def f(x: T.handle("float32")):
        T.evaluate(0)
