# case: a pointer to int32 elements cannot be passed for a float32 buffer parameter
# in A int32[2]
# error compile: argument 0 of 'f' points to int32 elements, but parameter buffer 'x' holds float32
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((2,), "int32")):
        Module.f(A.data)

    @T.prim_func
    def f(x: T.handle("float32")):
        T.evaluate(0)
