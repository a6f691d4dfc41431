# case: a macro call binds arguments as Python does, and says which are missing
# error compile: add_one() missing 1 required positional argument: 'i'
from tvm.script import tir as T


@T.macro
def add_one(A, i):
    A[i] = A[i] + 1


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    add_one(A)
