# case: a stage computed at a loop whose every access indexes the loop's own slice is allocated per iteration, one slice big; reversed reads of the slice see this iteration's writes (B[i, j] = 2 A[i, 3 - j] + 1)
# in A float32[3, 4] = 0 1 2 3 4 5 6 7 8 9 10 11
# in B float32[3, 4]
# out B = 7 5 3 1 15 13 11 9 23 21 19 17
# compact: T_tmp is computed at loop i and every access indexes its first
# dimension with i, so each iteration's slice is allocated inside the loop,
# one row big, and indexed 0 there.
from tvm.script import tir as T
@T.prim_func
def main(A: T.Buffer((3, 4), "float32"), B: T.Buffer((3, 4), "float32")):
    T_tmp = T.alloc_buffer((3, 4))
    for i in range(3):
        for j in range(4):
            T_tmp[i, j] = A[i, j] * T.float32(2)
        for j in range(4):
            B[i, j] = T_tmp[i, 3 - j] + T.float32(1)
