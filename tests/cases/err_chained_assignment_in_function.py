# case: a = b = c is a module-level form only; TVM's parser refuses it in a function
# error compile: chained assignment ('a = b = c') is not supported in a TIR function
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    x = y = 1
    A[0] = x + y
