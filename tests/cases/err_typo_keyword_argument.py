# case: T.Buffer's keywords are checked as Python checks them, and a misspelled one is named with the keyword it most likely means
# error compile: buffer 'B' got an unexpected keyword argument 'dtyp'; did you mean 'dtype'?
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    B = T.alloc_buffer((4,), dtyp="int32")
    for i in range(4):
        B[i] = A[i]
        A[i] = B[i] + 1
