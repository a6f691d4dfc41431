# case: natural int64 code: a loop over an int64 shape variable and vectorized and block loops over literal extents; the literal-width indices take int64 and the values are those of all-int64 indices
# in A float32[2, 4] = 1 2 3 4 5 6 7 8
# in B float32[2, 4]
# in C float32[2, 4]
# out B = 2 4 6 8 10 12 14 16
# out C = 1 2 3 4 6 7 8 9
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, b: T.handle, c: T.handle):
    n = T.int64()
    A = T.match_buffer(a, (n, 4), "float32")
    B = T.match_buffer(b, (n, 4), "float32")
    C = T.match_buffer(c, (n, 4), "float32")
    for j in range(n):
        for i in T.vectorized(4):
            B[j, i] = A[j, i] * T.float32(2)
    for j, i in T.grid(n, 4):
        with T.block("C"):
            vj, vi = T.axis.remap("SS", [j, i])
            C[vj, vi] = A[vj, vi] + T.Cast("float32", vj)
