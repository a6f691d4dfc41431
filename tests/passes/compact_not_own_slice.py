# case: an allocation whose rows carry values from one iteration to the next stays whole: column sums down the rows
# in A float32[3, 4] = 0 1 2 3 4 5 6 7 8 9 10 11
# in B float32[3, 4]
# out B = 0 1 2 3 4 6 8 10 12 15 18 21
# compact leaves an allocation whole when an iteration reads another
# iteration's slice: row i - 1 of T_acc, written by the iteration before.
from tvm.script import tir as T
@T.prim_func
def main(A: T.Buffer((3, 4), "float32"), B: T.Buffer((3, 4), "float32")):
    T_acc = T.alloc_buffer((4, 4))
    for i in range(3):
        for j in range(4):
            T_acc[i + 1, j] = T_acc[i, j] + A[i, j]
            B[i, j] = T_acc[i + 1, j]
