# case: a T.macro returns nothing (TVM's macros insert statements), so it cannot be a value
# error compile: macro 'twice' makes statements, not a value: call it as a statement of its own
from tvm.script import tir as T


@T.macro
def twice(A, i):
    A[i] = A[i] * 2


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = twice(A, i)
