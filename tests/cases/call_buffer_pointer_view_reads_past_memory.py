# case: a view the callee declares over a pointer parameter is bounded by the caller's memory: reading X[4] of a 4-element buffer through a 16-element view is out of bounds (spec-readings 13, 20)
# in A float32[4] = 1 2 3 4
# in B float32[1]
# error run: out-of-bounds access to buffer
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32"), B: T.Buffer((1,), "float32")):
        Module.sum5(A.data, B.data)

    @T.prim_func
    def sum5(a: T.handle("float32"), b: T.handle("float32")):
        X = T.decl_buffer((16,), "float32", data=a)
        Y = T.decl_buffer((1,), "float32", data=b)
        Y[0] = T.float32(0)
        for i in range(5):
            Y[0] = Y[0] + X[i]
