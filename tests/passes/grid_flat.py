# Three nested loops over one contiguous range of a flat buffer collapse
# pairwise, innermost first: (j, k) into j_k_fused of 6 * 5, then (i, that)
# into one loop of 4 * 30; the constant offset 7 stays.
from tvm.script import tir as T
@T.prim_func
def main(A: T.Buffer((128,), "int32"), B: T.Buffer((128,), "int32")):
    for i, j, k in T.grid(4, 6, 5):
        B[i * 30 + j * 5 + k + 7] = A[(i * 6 + j) * 5 + k] + 1
