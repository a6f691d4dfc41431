# case: an undefined name is reported with the name in scope it most likely means
# error compile: name 'idxx' is not defined; did you mean 'idx'?
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for idx in range(4):
        A[idx] = A[idxx] + 1
