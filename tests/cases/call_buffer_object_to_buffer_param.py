# case: passing a Buffer to a T.Buffer parameter passes its memory, which the callee views with its own shape: a 2x3 view of a 6-element buffer (spec-readings 20)
# in A int32[6]
# out A = 0 1 2 10 11 12
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((6,), "int32")):
        Module.fill(A)

    @T.prim_func
    def fill(X: T.Buffer((2, 3), "int32")):
        for i, j in T.grid(2, 3):
            X[i, j] = i * 10 + j
