# ---
# spec: Expr semantics 11.ii.c (Call to a PrimFunc: buffer parameters); spec-readings 20
# features: [call.primfunc, call.buffer_args, buffer.multidim]
# description: a T.Buffer((2, 2)) parameter views the memory of the 4-element buffer passed to it, row-major
# arg A: float32[4] = [1, 2, 3, 4]
# assert_return A: [1, 2, 30, 40]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32")):
        Module.scale_row(A.data, 1)

    @T.prim_func(private=True)
    def scale_row(M: T.Buffer((2, 2), "float32"), r: T.int32):
        for j in range(2):
            M[r, j] = M[r, j] * T.float32(10)
