# ---
# spec: Evaluating PrimExprs 13.ii-v (IEEE 754)
# features: [expr.add, expr.sub, expr.mul, dtype.float32, float.signed_zero]
# description: IEEE signed zeros: 0-0 = +0, -0-0 = -0, -0 + -0 = -0, 0 + -0 = +0, -0 * -0 = +0, 0 * -0 = -0
# arg A: float32[2] = [0.0, -0.0]
# arg C: float32[6]
# assert_return C: [0.0, -0.0, -0.0, 0.0, 0.0, -0.0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32"), C: T.Buffer((6,), "float32")):
    C[0] = A[0] - A[0]
    C[1] = A[1] - A[0]
    C[2] = A[1] + A[1]
    C[3] = A[0] + A[1]
    C[4] = A[1] * A[1]
    C[5] = A[0] * A[1]
