# case: a buffer parameter of 8 elements cannot view the caller's 4-element buffer: the call stops before the callee runs, and nothing outside A is touched (spec-readings 20)
# in A float32[4] = 1 2 3 4
# error run: argument 'X' of function 'fill': its buffer 'X' reaches elements [0, 8) of buffer 'A', which has 4
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32")):
        Module.fill(A.data)

    @T.prim_func
    def fill(X: T.Buffer((8,), "float32")):
        for i in range(8):
            X[i] = T.float32(0)
