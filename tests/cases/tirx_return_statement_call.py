# case: tirx's T.Return(e) (TVM 0.26's explicit form of return e) ends the function with the value e, typed as e (spec PrimFunc semantics 1.vi; spec-readings 21)
# in n = 4
# return: 12
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(n: T.int32):
    T.Return(n * 3)
    T.Return(n)
