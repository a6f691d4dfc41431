# ---
# spec: Program Organization (a PrimFunc may call itself); Expr semantics 11.ii; Builtin Calls (tir.ret)
# features: [call.recursion, call.return, module.ir_module]
# description: a recursive factorial called as the entry function returns 5! = 120
# entry: fact
# arg n: int32 = 5
# assert_return ret: 120
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int32) -> T.int32:
        if n <= 1:
            return 1
        return n * Module.fact(n - 1)

    @T.prim_func
    def main(A: T.Buffer((1,), "int32")):
        A[0] = Module.fact(A[0])
