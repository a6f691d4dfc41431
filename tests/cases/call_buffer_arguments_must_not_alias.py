# case: two buffer parameters may not view overlapping memory of the caller (spec PrimFunc semantics 1.ii.e; spec-readings 20)
# in A int32[4]
# error run: arguments 'x' and 'y' of function 'add' overlap in memory, and it may write the second
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        Module.add(A.data, A.data)

    @T.prim_func
    def add(x: T.handle("int32"), y: T.handle("int32")):
        X = T.decl_buffer((4,), "int32", data=x)
        Y = T.decl_buffer((4,), "int32", data=y)
        for i in range(4):
            Y[i] = X[i] + 1
