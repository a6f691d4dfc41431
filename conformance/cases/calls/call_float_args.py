# ---
# spec: Expr semantics 11.ii
# features: [call.primfunc, call.return, module.ir_module, dtype.float64]
# description: a float64 helper called per element: x * x + 0.5
# arg A: float64[3] = [1.0, -2.0, 0.25]
# assert_return A: [1.5, 4.5, 0.5625]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(x: T.float64) -> T.float64:
        return x * x + T.float64(0.5)

    @T.prim_func
    def main(A: T.Buffer((3,), "float64")):
        for i in range(3):
            A[i] = Module.f(A[i])
