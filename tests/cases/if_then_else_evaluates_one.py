# case: if_then_else evaluates only the selected branch (spec-readings 7)
# in A int32[3] = 10 20 30
# in B int32[5]
# out B = 10 20 30 0 0
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((5,), "int32")):
    for i in range(5):
        B[i] = T.if_then_else(i < 3, A[i], 0)
