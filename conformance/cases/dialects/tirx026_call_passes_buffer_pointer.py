# ---
# spec: Expr semantics 11.ii.c (Call to a PrimFunc: buffer parameters); spec-readings 20; tvmscript-tirx.md 1.2
# features: [dialect.tirx_0_26, call.primfunc, call.buffer_args, call.pointer_param, stmt.decl_buffer]
# description: tirx as TVM 0.26 prints a subroutine call that passes A.data: the callee's T.decl_buffer over its pointer parameter stores into main's buffer
# arg A: float32[1]
# assert_return A: [42]
# ---
from tvm.script import ir as I
from tvm.script import tirx as T

@I.ir_module(s_tir=True)
class Module:
    @T.prim_func(s_tir=True)
    def main(A: T.Buffer(1, dtype="float32")):
        Module.subroutine(A.data)

    @T.prim_func(private=True, s_tir=True)
    def subroutine(A_data: T.handle("float32")):
        A = T.decl_buffer(1, dtype="float32", data=A_data)
        A[0] = T.float32(42.0)
