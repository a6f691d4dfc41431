# ---
# spec: Program Organization (recursion is allowed); Expr semantics 11.ii
# features: [call.recursion, call.return, module.ir_module]
# description: a linear recursion 100 calls deep sums 1..100 = 5050
# entry: sum_to
# arg n: int32 = 100
# assert_return ret: 5050
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def sum_to(n: T.int32) -> T.int32:
        if n == 0:
            return 0
        return n + Module.sum_to(n - 1)
