# case: tirx's T.sblock_alloc_buffer under the classic import (TVM's own parser import) is named as the other dialect's spelling
# error compile: T.sblock_alloc_buffer is the tirx spelling (TVM >= 0.24), but this file imports the classic `tir` (from tvm.script.parser import tir as S): use T.alloc_buffer, or import tirx
from tvm.script.parser import tir as S


@S.prim_func
def main(A: S.Buffer((4,), "float32")):
    B = S.sblock_alloc_buffer((4,), "float32")
    for i in range(4):
        with S.block("C"):
            vi = S.axis.spatial(4, i)
            B[vi] = A[vi]
            A[vi] = B[vi] * S.float32(2)
