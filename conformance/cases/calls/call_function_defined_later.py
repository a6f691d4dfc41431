# ---
# spec: Variable Scoping (GlobalVars are always in scope); Expr semantics 11.ii
# features: [call.primfunc, module.ir_module]
# description: a function may call one defined later in the module
# arg A: int32[3] = [1, 2, 3]
# assert_return A: [3, 6, 9]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((3,), "int32")):
        for i in range(3):
            A[i] = Module.triple(A[i])

    @T.prim_func(private=True)
    def triple(x: T.int32) -> T.int32:
        return x * 3
