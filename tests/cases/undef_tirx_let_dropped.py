# case: tirx's val: T.let[T.int32] = T.undef(...) names an undefined value; storing it is dropped (TVM's RemoveStoreUndef test)
# in A int32[2] = 4 5
# out A = 4 9
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2,), "int32")):
    val: T.let[T.int32] = T.undef(dtype="int32")
    A[0] = val
    A[1] = 9
