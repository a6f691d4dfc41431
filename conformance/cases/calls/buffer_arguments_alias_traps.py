# ---
# spec: PrimFunc semantics 1.ii.e (no two buffer arguments alias); Expr semantics 11.ii.c; spec-readings 20
# features: [call.primfunc, call.buffer_args, binding.alias]
# description: passing the same memory to two buffer parameters is an error at the call
# arg A: int32[4]
# assert_trap: argument_mismatch
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        Module.copy(A.data, A.data)

    @T.prim_func(private=True)
    def copy(x: T.handle("int32"), y: T.handle("int32")):
        X = T.decl_buffer((4,), "int32", data=x)
        Y = T.decl_buffer((4,), "int32", data=y)
        for i in range(4):
            Y[i] = X[i]
