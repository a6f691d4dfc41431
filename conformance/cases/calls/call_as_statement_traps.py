# ---
# spec: Expr semantics 11.ii; Semantics of Statements 11 (Evaluate), 4 (AssertStmt)
# features: [call.primfunc, call.statement, stmt.assert, trap.assertion_failed, module.ir_module]
# description: a call used as a statement runs the callee, whose failing assertion is reported
# arg n: int32 = -3
# arg A: int32[1]
# assert_trap: assertion_failed
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def check(x: T.int32):
        assert x >= 0, "x must be non-negative"

    @T.prim_func
    def main(n: T.int32, A: T.Buffer((1,), "int32")):
        Module.check(n)
        A[0] = n
