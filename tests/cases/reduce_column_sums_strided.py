# case: column sums of a 3x2 float64 matrix read with stride 2 (a range reduction per column into memory)
# in A float64[3, 2] = 1.5 -2 2.25 4 -0.75 8
# in S float64[2]
# out S = 3 10
@T.prim_func
def main(A: T.Buffer((3, 2), "float64"), S: T.Buffer((2,), "float64")):
    for j, k in T.grid(2, 3):
        with T.block("S"):
            vj, vk = T.axis.remap("SR", [j, k])
            with T.init():
                S[vj] = T.float64(0)
            S[vj] = S[vj] + A[vk, vj]
