# case: NaN compares unequal to everything, itself included (spec-readings 10)
# in A float32[1] = nan
# in B int32[6]
# out B = 0 1 0 0 0 0
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((6,), "int32")):
    B[0] = T.Cast("int32", A[0] == A[0])
    B[1] = T.Cast("int32", A[0] != A[0])
    B[2] = T.Cast("int32", A[0] < A[0])
    B[3] = T.Cast("int32", A[0] <= A[0])
    B[4] = T.Cast("int32", A[0] > A[0])
    B[5] = T.Cast("int32", A[0] >= A[0])
