# ---
# spec: Expr semantics 11.ii (call results are values usable in any expression)
# features: [call.primfunc, call.return, module.ir_module]
# description: sq(x) + twice(sq(x)) with x = 4 is 16 + 32 = 48
# arg A: int32[1] = [4]
# assert_return A: [48]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def sq(x: T.int32) -> T.int32:
        return x * x

    @T.prim_func(private=True)
    def twice(x: T.int32) -> T.int32:
        return x + x

    @T.prim_func
    def main(A: T.Buffer((1,), "int32")):
        A[0] = Module.sq(A[0]) + Module.twice(Module.sq(A[0]))
