# ---
# spec: Evaluating PrimExprs 7.v, 13.i
# features: [vector.slice, expr.add, vector.lanes_8, dtype.float32]
# description: adding two float32x8 loads adds lane by lane
# arg A: float32[8] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
# arg B: float32[8] = [0.5, -2.0, inf, -4.0, 0.25, 0.0, -7.0, 1.0]
# arg C: float32[8]
# assert_return C: [1.5, 0.0, inf, 0.0, 5.25, 6.0, 0.0, 9.0]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), C: T.Buffer((8,), "float32")):
    C[0:8] = A[0:8] + B[0:8]
