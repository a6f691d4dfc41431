# ---
# spec: Program Organization (recursion); Expr semantics 11.ii
# features: [call.recursion, trap.call_depth, module.ir_module]
# description: recursion without a base case is stopped by a bounded call depth, reported as an error
# arg A: int32[1]
# assert_trap: call_depth
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def down(n: T.int32) -> T.int32:
        return Module.down(n + 1)

    @T.prim_func
    def main(A: T.Buffer((1,), "int32")):
        A[0] = Module.down(0)
