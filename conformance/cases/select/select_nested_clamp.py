# ---
# spec: Evaluating PrimExprs 6.iii
# features: [expr.select, kernel, dtype.int8]
# description: nested Selects clamp int8 values into [-10, 10]
# arg A: int8[5] = [-128, -10, 0, 11, 127]
# arg B: int8[5]
# assert_return B: [-10, -10, 0, 10, 10]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int8"), B: T.Buffer((5,), "int8")):
    for i in range(5):
        B[i] = T.Select(A[i] < T.int8(-10), T.int8(-10), T.Select(A[i] > T.int8(10), T.int8(10), A[i]))
