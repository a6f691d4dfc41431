# case: an @I.ir_module class with a main function, as TVM prints it (tvmscript.md 2.3)
# in A int64[3]
# out A = 0 1 4
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((3,), "int64")):
        T.func_attr({"tir.noalias": T.bool(True)})
        for i in range(T.int64(3)):
            A[i] = i * i
