# ---
# spec: Evaluating PrimExprs 15
# features: [expr.not, dtype.bool]
# description: Not maps 1 to 0 and 0 to 1, written both as Python not and as T.Not
# arg A: bool[2] = [true, false]
# arg X: int32[3] = [-1, 0, 1]
# arg B: bool[2]
# arg C: bool[3]
# assert_return B: [false, true]
# assert_return C: [true, true, false]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "bool"), X: T.Buffer((3,), "int32"), B: T.Buffer((2,), "bool"), C: T.Buffer((3,), "bool")):
    for i in range(2):
        B[i] = not A[i]
    for i in range(3):
        C[i] = T.Not(X[i] > 0)
