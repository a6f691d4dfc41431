# case: a non-hygienic macro that calls itself never ends; the expansion depth is bounded
# error compile: macro expansion nested more than 64 levels deep (does macro 'forever' call itself?)
from tvm.script import tir as T


@T.macro(hygienic=False)
def forever(A):
    A[0] = A[0] + 1
    forever(A)


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    forever(A)
