# case: a function reads the module constants assigned before it, as TVM reads Python globals when it decorates the function
# error compile: name 'M' is not defined (the module assigns it at line 11, after this function
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((M,), "float32")):
    A[0] = T.float32(1)


M = 4
