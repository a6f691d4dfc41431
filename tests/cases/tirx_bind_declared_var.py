# case: T.bind(e, var=j) binds a variable declared with j = T.int32() for the rest of the statement list (tirx)
# in A int32[2]
# out A = 5 6
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    j = T.int32()
    T.bind(5, var=j)
    A[0] = j
    A[1] = j + 1
