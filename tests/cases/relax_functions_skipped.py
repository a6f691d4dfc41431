# case: an IRModule that also holds Relax functions (as Relax pipelines print it) compiles its PrimFuncs; each Relax function is skipped with a note
# in A float32[4] = 1 2 3 4
# in B float32[4]
# out B = 2 4 6 8
# entry: main
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
        for i in range(4):
            B[i] = A[i] * T.float32(2)

    @R.function
    def forward(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        cls = Module
        with R.dataflow():
            y = R.call_tir(cls.main, (x,), out_sinfo=R.Tensor((4,), "float32"))
            R.output(y)
        return y
