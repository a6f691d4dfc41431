# ---
# spec: Evaluating PrimExprs 9, 13.i
# features: [vector.broadcast, vector.slice, expr.mul, dtype.float16]
# description: a float16 Broadcast multiplied lane-wise with a float16x4 load
# arg A: float16[4] = [1.0, -2.0, 0.5, 65504.0]
# arg B: float16[4]
# assert_return B: [3.0, -6.0, 1.5, inf]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float16")):
    B[0:4] = A[0:4] * T.Broadcast(T.float16(3), 4)
