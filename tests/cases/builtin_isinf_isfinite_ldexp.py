# case: isinf, isfinite and ldexp on float32 and float16 (tvmscript.md 7.1)
# in A float32[4] = inf -inf 1 nan
# in H float16[2] = inf 0.5
# in R int32[10]
# in L float32[2]
# out R = 1 1 0 0 0 0 1 0 1 0
# out L = 12 0.125
@T.prim_func
def main(A: T.Buffer((4,), "float32"), H: T.Buffer((2,), "float16"), R: T.Buffer((10,), "int32"), L: T.Buffer((2,), "float32")):
    for i in range(4):
        R[i] = T.Cast("int32", T.isinf(A[i]))
        R[i + 4] = T.Cast("int32", T.isfinite(A[i]))
    R[8] = T.Cast("int32", T.isinf(H[0]))
    R[9] = T.Cast("int32", T.isfinite(H[0]))
    L[0] = T.ldexp(T.float32(1.5), 3)
    L[1] = T.ldexp(T.Cast("float32", H[1]), -2)
