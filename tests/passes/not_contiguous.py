# Nothing collapses: the row stride 9 is not the inner extent 8 (a padded
# row), and a 2-d access indexes each loop variable in its own dimension.
from tvm.script import tir as T
@T.prim_func
def main(A: T.Buffer((72,), "float32"), B: T.Buffer((8, 8), "float32")):
    for i, j in T.grid(8, 8):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi * 9 + vj]
