# case: called with a pointer, a function cannot learn a 2-d buffer's symbolic extent: it must be a scalar parameter (spec-readings 20)
# in A float32[8]
# error compile: the shape of its parameter buffer 'X' must be constants or scalar parameters ('n' is neither)
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((8,), "float32")):
        Module.f(A.data)

    @T.prim_func
    def f(p: T.handle("float32")):
        n = T.int32()
        X = T.match_buffer(p, (n, 4), "float32")
        X[0, 0] = T.float32(1)
