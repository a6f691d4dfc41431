# ---
# spec: Evaluating PrimExprs 11.ii; Builtin Calls (tir.ret)
# features: [runner.scalar, runner.ret, runner.entry]
# description: scalar arguments of three kinds, and the entry function's
#   return value
# entry: scaled_sum
# arg n: int32 = 5
# arg x: float32 = 0.5
# arg flag: bool = true
# assert_return ret: 7.5
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def tri(n: T.int32) -> T.int32:
        if n <= 0:
            return 0
        return n + Module.tri(n - 1)

    @T.prim_func
    def scaled_sum(n: T.int32, x: T.float32, flag: T.bool) -> T.float32:
        if flag:
            return T.Cast("float32", Module.tri(n)) * x
        return T.float32(0)
