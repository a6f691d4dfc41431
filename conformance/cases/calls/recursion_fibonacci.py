# ---
# spec: Program Organization; Expr semantics 11.ii (arguments evaluated, callee run, value returned)
# features: [call.recursion, call.return, module.ir_module]
# description: doubly recursive Fibonacci: fib(15) = 610
# entry: fib
# arg n: int32 = 15
# assert_return ret: 610
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def fib(n: T.int32) -> T.int32:
        if n < 2:
            return n
        return Module.fib(n - 1) + Module.fib(n - 2)
