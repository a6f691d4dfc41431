# ---
# spec: Program Organization; Variable Scoping (GlobalVars always in scope)
# features: [call.recursion, call.return, module.ir_module]
# description: is_even / is_odd call each other; the results are stored as 0/1
# arg A: int32[4] = [0, 7, 10, 13]
# arg B: int32[4]
# assert_return B: [1, 0, 1, 0]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def is_even(n: T.int32) -> T.int32:
        if n == 0:
            return 1
        return Module.is_odd(n - 1)

    @T.prim_func(private=True)
    def is_odd(n: T.int32) -> T.int32:
        if n == 0:
            return 0
        return Module.is_even(n - 1)

    @T.prim_func
    def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
        for i in range(4):
            B[i] = Module.is_even(A[i])
