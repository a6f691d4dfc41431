# case: the tirx dialect is recognised and refused with one clear message (tvmscript.md 0)
# error compile: unsupported dialect 'tirx'
from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = 1
