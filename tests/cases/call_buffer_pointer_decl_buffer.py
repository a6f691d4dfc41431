# case: a PrimFunc call passes A.data to a typed pointer parameter; the callee's T.decl_buffer views the caller's memory, so its stores are the caller's (spec Expr semantics 11.ii; spec-readings 20)
# in A float32[4] = 1 2 3 4
# in B float32[4]
# out B = 2.5 4.5 6.5 8.5
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
        Module.scale(A.data, B.data, T.float32(2))

    @T.prim_func(private=True)
    def scale(a: T.handle("float32"), b: T.handle("float32"), s: T.float32):
        X = T.decl_buffer((4,), "float32", data=a)
        Y = T.decl_buffer((4,), "float32", data=b)
        for i in range(4):
            Y[i] = X[i] * s + T.float32(0.5)
