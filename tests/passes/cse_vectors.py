# case: a vector computed twice in one store's value (hard-swish of X + bias) is computed once, in a let before the store; one computed only inside a select's arms (a T.Select reading buffers, which unsafe-select makes T.if_then_else) stays where it is (numpy's values, float32)
# in X float32[2, 8] = -5.0 -4.25 -3.5 -2.75 -2.0 -1.25 -0.5 0.25 1.0 1.75 2.5 3.25 4.0 4.75 5.5 6.25
# in B float32[2] = 0.5 -1.25
# in M int32[2] = 1 0
# in Y float32[2, 8]
# in Z float32[2, 8]
# out Y = -0.0 -0.0 -0.0 -0.28125 -0.375 -0.28125 0.0 0.46875 -0.1145833358168602 0.2916666567325592 0.8854167461395264 1.6666667461395264 2.6354167461395264 3.5 4.25 5.0
# out Z = 30.25 22.5625 16.0 10.5625 6.25 3.0625 1.0 0.0625 2.25 3.0 3.75 4.5 5.25 6.0 6.75 7.5
# cse: Y's value reads X[c, Ramp] + Broadcast(B[c]) twice, so it becomes
# cse0, bound just before the store; Z's value computes X - B three times,
# but only in if_then_else's arms, of which one runs: nothing is bound
# (an arm's loads must not run where the program would not run them).
@T.prim_func
def main(X: T.Buffer((2, 8), "float32"), B: T.Buffer((2,), "float32"), M: T.Buffer((2,), "int32"), Y: T.Buffer((2, 8), "float32"), Z: T.Buffer((2, 8), "float32")):
    for c in range(2):
        for j in T.vectorized(8):
            Y[c, j] = (X[c, j] + B[c]) * T.max(T.min((X[c, j] + B[c]) * T.float32(0.1666666716337204) + T.float32(0.5), T.float32(1)), T.float32(0))
    for c in range(2):
        for j in T.vectorized(8):
            Z[c, j] = T.Select(M[c] > 0, (X[c, j] - B[c]) * (X[c, j] - B[c]), X[c, j] - B[c])
