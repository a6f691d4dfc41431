# ---
# spec: Expr semantics 11.ii.c (Call to a PrimFunc: buffer parameters); spec-readings 20, 13
# features: [call.primfunc, call.buffer_args, buffer.out_of_bounds]
# description: a 16-element buffer parameter cannot view a 4-element buffer: the call stops with an error before the callee runs
# arg A: float32[4] = [1, 2, 3, 4]
# assert_trap: argument_mismatch
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32")):
        Module.clear(A.data)

    @T.prim_func(private=True)
    def clear(X: T.Buffer((16,), "float32")):
        for i in range(16):
            X[i] = T.float32(0)
