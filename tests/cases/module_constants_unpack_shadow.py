# case: module constants from tuple unpacking and arithmetic; a local binding of the same name hides one (COLS = T.int32())
# in A int32[2, 3] = 1 2 3 4 5 6
# in B int32[6]
# out B = -2 -4 -6 -8 -10 -12
from tvm.script import tir as T

ROWS, COLS = 2, 99
SIZE = ROWS * 3
STEP = 2 ** 3 - 10


@T.prim_func
def main(a: T.handle, B: T.Buffer((SIZE,), "int32")):
    COLS = T.int32()
    A = T.match_buffer(a, (ROWS, COLS), "int32")
    for i, j in T.grid(ROWS, COLS):
        B[i * COLS + j] = A[i, j] * STEP
