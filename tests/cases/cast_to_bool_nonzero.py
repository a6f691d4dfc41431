# case: casting to bool gives 1 for any nonzero value, NaN included (spec-readings 6)
# in A float32[4] = 0 -0.0 2.5 nan
# in B int32[4]
# out B = 0 0 1 1
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Cast("int32", T.Cast("bool", A[i]))
