# case: pow with an exponent known only at run time: where it is 2, the result is x * x, the square rounded once, as for the constant 2.0 the middle end rewrites (the expected values are numpy's X * X and, for the exponent 3, X ** 3): 4097 * 4097 = 16785409 is halfway between two float32 values and rounds to the even one, 16785408 (glibc's powf gives 16785410); float16 and float64 alike
# in X float32[4] = 4097 -3 0.5 2
# in Y float32[4] = 2 2 2 3
# in H float16[2] = 3 -0.25
# in D float64[2] = 134217727 -1.5
# in B float32[4]
# in G float16[2]
# in E float64[2]
# out B = 16785408 9 0.25 8
# out G = 9 0.0625
# out E = 18014398241046528 2.25
@T.prim_func
def main(X: T.Buffer((4,), "float32"), Y: T.Buffer((4,), "float32"), H: T.Buffer((2,), "float16"),
         D: T.Buffer((2,), "float64"), B: T.Buffer((4,), "float32"), G: T.Buffer((2,), "float16"),
         E: T.Buffer((2,), "float64")):
    for i in range(4):
        B[i] = T.pow(X[i], Y[i])
    for i in range(2):
        G[i] = T.pow(H[i], T.Cast("float16", Y[i]))
        E[i] = T.pow(D[i], T.Cast("float64", Y[i]))
