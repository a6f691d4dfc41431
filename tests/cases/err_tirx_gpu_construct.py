# case: a tirx construct that only has a meaning on a GPU is refused by name (tvmscript-tirx.md section 3)
# in A int32[4]
# error compile: unsupported: tirx GPU construct 'T.cta_id'
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "int32")):
    bx = T.cta_id([4])
    A[bx] = 1
