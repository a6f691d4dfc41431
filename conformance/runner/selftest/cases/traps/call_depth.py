# ---
# spec: Evaluating PrimExprs 11.ii
# features: [runner.trap, runner.scalar]
# description: unbounded recursion ends in a call-depth error
# entry: f
# arg n: int32 = 1
# assert_trap: call_depth
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f(n: T.int32) -> T.int32:
        return Module.f(n + 1)
