# case: a hygienic macro does not see its caller's variables; the message says how to pass them
# error compile: name 'i' is not defined in macro 'add_one': a hygienic macro reads the names of the module where it is defined
from tvm.script import tir as T


@T.macro
def add_one(A):
    A[i] = A[i] + 1


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        add_one(A)
