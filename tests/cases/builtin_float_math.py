# case: float math builtins compute their C library functions (tvmscript.md 7.1)
# in A float32[8] = 0 4 -1.5 2.5 2.5 -2 1 0
# in B float32[8]
# out B ~1e-7 = 1 2 -2 3 2 2 0.7310585786300049 0
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    B[0] = T.exp(A[0])
    B[1] = T.sqrt(A[1])
    B[2] = T.floor(A[2])
    B[3] = T.round(A[3])
    B[4] = T.nearbyint(A[4])
    B[5] = T.fabs(A[5])
    B[6] = T.sigmoid(A[6])
    B[7] = T.log(A[6])
