# case: T.sblock in a file that imports the classic tir dialect: the message names both dialects and the fix
# error compile: T.sblock is the tirx spelling (TVM >= 0.24), but this file imports the classic `tir` (from tvm.script import tir as T): use T.block, or import tirx
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.sblock("C"):
            vi = T.axis.spatial(4, i)
            A[vi] = A[vi] + T.float32(1)
