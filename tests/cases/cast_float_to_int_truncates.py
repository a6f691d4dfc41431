# case: a cast from float to int truncates toward zero (spec Expr semantics 5)
# in A float32[4] = 2.7 -2.7 0.5 -0.5
# in B int32[4]
# out B = 2 -2 0 0
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Cast("int32", A[i])
