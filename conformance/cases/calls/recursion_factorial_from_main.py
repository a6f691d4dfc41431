# ---
# spec: Program Organization; Expr semantics 11.ii; tvmscript.md 11.4
# features: [call.recursion, call.return, module.ir_module]
# description: main stores fact(A[i]) for each element (the tvmscript.md 11.4 example)
# arg A: int32[5] = [0, 1, 3, 5, 10]
# arg B: int32[5]
# assert_return B: [1, 1, 6, 120, 3628800]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def fact(n: T.int32) -> T.int32:
        if n <= 1:
            return 1
        return n * Module.fact(n - 1)

    @T.prim_func
    def main(A: T.Buffer((5,), "int32"), B: T.Buffer((5,), "int32")):
        for i in range(5):
            B[i] = Module.fact(A[i])
