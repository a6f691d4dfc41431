# case: `for ij in T.grid(2, 3)` binds ij to the tuple of its two loop variables (TVM's parser), read by T.axis.remap and by ij[0], ij[1]
# in A float32[2, 3] = 1 2 3 4 5 6
# in B float32[2, 3]
# in C int32[2, 3]
# out B = 10 20 30 40 50 60
# out C = 0 1 2 10 11 12
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((2, 3), "float32"), C: T.Buffer((2, 3), "int32")):
    for ij in T.grid(2, 3):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", ij)
            B[vi, vj] = A[vi, vj] * T.float32(10)
    for ij in T.grid(2, 3):
        C[ij[0], ij[1]] = ij[0] * 10 + ij[1]
