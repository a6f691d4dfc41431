# ---
# spec: Evaluating PrimExprs 6.iii
# features: [expr.select, dtype.float32]
# description: a scalar Select picks the true value when the condition is 1 and the false value when it is 0 (relu)
# arg A: float32[4] = [-1.5, 0.0, 2.5, -0.0]
# arg B: float32[4]
# assert_return B: [0.0, 0.0, 2.5, 0.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = T.Select(A[i] > T.float32(0), A[i], T.float32(0))
