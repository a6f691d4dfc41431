# ---
# spec: Program Organization (execution begins with a particular PrimFunc)
# features: [module.ir_module, module.entry]
# description: the entry function need not be main
# entry: fill
# arg A: int32[3]
# assert_return A: [5, 5, 5]
# ---
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def fill(A: T.Buffer((3,), "int32")):
        for i in range(3):
            A[i] = 5

    @T.prim_func
    def main(A: T.Buffer((3,), "int32")):
        for i in range(3):
            A[i] = 9
