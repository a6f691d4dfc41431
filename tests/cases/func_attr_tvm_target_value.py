# case: T.func_attr values carry no meaning for the run; TVM's own Python objects among them (tvm.target.Target(...), as TVM's host-function test prints) are accepted unevaluated
# in A int32[2] = 3 4
# out A = 6 8
import tvm
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    T.func_attr({"global_symbol": "main", "target": tvm.target.Target("llvm", host="llvm"), "tir.noalias": True})
    for i in range(2):
        A[i] = A[i] * 2
