# case: a two-loop reduction into a one-element T.alloc_buffer, read by the next block (TVM's norm_bmn; the accumulator's index becomes constant)
# in A float32[1, 3, 4] = 0 1 2 3 4 5 6 7 8 9 10 11
# in D float32[1]
# out D ~1e-6 = 22.4944439
@T.prim_func
def main(A: T.Buffer((1, 3, 4), "float32"), D: T.Buffer((1,), "float32")):
    C = T.alloc_buffer((1,))
    for i0, i1, i2 in T.grid(1, 3, 4):
        with T.block("C"):
            b, i, j = T.axis.remap("SRR", [i0, i1, i2])
            with T.init():
                C[b] = T.float32(0)
            C[b] = C[b] + A[b, i, j] * A[b, i, j]
    for i0 in range(1):
        with T.block("D"):
            b = T.axis.spatial(1, i0)
            D[b] = T.sqrt(C[b])
