# case: T.pow(x, 2.0) over float32 and float64 is x * x, the square rounded once (the expected values are numpy's x * x): 4097 * 4097 = 16785409 lies halfway between two float32 values and rounds to the even one, 16785408, where glibc's powf gives 16785410; 134217727 * 134217727 likewise in float64; the square of -0 is +0, of inf inf; a power other than 2 and a square of a call stay T.pow (F: numpy's B ** 3 and exp(B) * exp(B))
# in A float32[6] = 4097 -3 0.5 -0 1e20 inf
# in B float32[6] = 0 2 3 4 5 6
# in D float64[2] = 134217727 -1.5
# in C float32[2, 6]
# in E float64[2]
# in F float32[2, 6]
# out C = 16785408 9 0.25 0 inf inf 16785408 25 6.25 16 inf inf
# out E = 18014398241046528 2.25
# out F ~1e-6 = 0 8 27 64 125 216 1 54.59814453125 403.4288024902344 2980.957763671875 22026.466796875 162754.78125
# pow-square: T.pow(x, T.float32(2)) becomes x * x when x has no call
# (a load, a difference of loads); T.pow(x, 3) and the square of T.exp(..)
# are left to pow.
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32"), D: T.Buffer((2,), "float64"),
         C: T.Buffer((2, 6), "float32"), E: T.Buffer((2,), "float64"), F: T.Buffer((2, 6), "float32")):
    for i in range(6):
        C[0, i] = T.pow(A[i], T.float32(2))
        C[1, i] = T.pow(A[i] - B[i], T.float32(2))
        F[0, i] = T.pow(B[i], T.float32(3))
        F[1, i] = T.pow(T.exp(B[i]), T.float32(2))
    for i in range(2):
        E[i] = T.pow(D[i], T.float64(2))
