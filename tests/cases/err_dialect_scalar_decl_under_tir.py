# case: x: T.int32 without a value declares tirx's mutable scalar (TVM >= 0.25); the classic dialect has no such form
# error compile: x: T.int32 without a value is tirx's mutable scalar (TVM >= 0.25), but this file imports the classic `tir` (from tvm.script import tir as T): give it a value, or import tirx
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    x: T.int32
    A[0] = 1
