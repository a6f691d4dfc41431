# case: an index past one dimension's extent is an error even when the flat offset is inside the buffer (spec-readings 13)
# in A float32[2, 3] = 1 2 3 4 5 6
# in B float32[1]
# in j = 3
# error run: dimension 1 of buffer 'A'
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((1,), "float32"), j: T.int32):
    B[0] = A[0, j]
