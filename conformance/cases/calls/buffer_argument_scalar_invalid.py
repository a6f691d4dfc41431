# ---
# spec: Typing Rules for Other Language Constructs (Call arguments); spec-readings 20
# features: [call.primfunc, call.buffer_args, typing.call]
# description: a buffer parameter takes a buffer or its pointer, not an integer
# arg A: int32[4]
# assert_invalid: type
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        Module.f(A[0])

    @T.prim_func(private=True)
    def f(x: T.handle("int32")):
        T.evaluate(0)
