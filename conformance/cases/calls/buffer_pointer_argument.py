# ---
# spec: Expr semantics 11.ii.c (Call to a PrimFunc: buffer parameters); spec-readings 20
# features: [call.primfunc, call.buffer_args, call.pointer_param, stmt.decl_buffer]
# description: main passes A.data and B.data to typed pointer parameters; the callee's T.decl_buffer views of them read and write main's buffers
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[4]
# assert_return B: [3, 5, 7, 9]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
        Module.double_plus_one(A.data, B.data, 4)

    @T.prim_func(private=True)
    def double_plus_one(a: T.handle("int32"), b: T.handle("int32"), n: T.int32):
        X = T.decl_buffer((n,), "int32", data=a)
        Y = T.decl_buffer((n,), "int32", data=b)
        for i in range(n):
            Y[i] = X[i] * 2 + 1
