# ---
# spec: Evaluating PrimExprs 8
# features: [vector.ramp, vector.lanes_8, dtype.int32]
# description: a Ramp with a negative stride counts down
# arg A: int32[1] = [5]
# arg B: int32[8]
# assert_return B: [5, 3, 1, -1, -3, -5, -7, -9]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:8] = T.Ramp(A[0], -2, 8)
