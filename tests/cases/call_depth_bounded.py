# case: unbounded recursion is a runtime error at a bounded call depth, not a crash (issue: call depth)
# in A int32[1]
# error run: call depth exceeds
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def down(n: T.int32) -> T.int32:
        return Module.down(n + 1)

    @T.prim_func
    def main(A: T.Buffer((1,), "int32")):
        A[0] = Module.down(0)
