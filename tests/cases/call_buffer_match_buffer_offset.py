# case: a callee's T.match_buffer of its pointer parameter with elem_offset=off views the caller's memory from element off on (spec-readings 20)
# in A float32[6]
# out A = 0 0 2 2.5 4 4.5
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((6,), "float32")):
        Module.put(A.data, 2)
        Module.put(A.data, 4)

    @T.prim_func
    def put(p: T.handle("float32"), off: T.int32):
        X = T.match_buffer(p, (2,), "float32", elem_offset=off)
        X[0] = T.Cast("float32", off)
        X[1] = T.Cast("float32", off) + T.float32(0.5)
