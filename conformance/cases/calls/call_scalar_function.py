# ---
# spec: Expr semantics 11.ii (Call to a PrimFunc GlobalVar); Program Organization
# features: [call.primfunc, module.ir_module]
# description: main calls another PrimFunc of the module with two scalar arguments and stores its return value
# arg A: int32[4] = [1, 2, 3, 4]
# assert_return A: [1, 3, 5, 7]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def add(a: T.int32, b: T.int32) -> T.int32:
        return a + b

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = Module.add(A[i], i)
