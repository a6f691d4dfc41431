# ---
# spec: Evaluating PrimExprs 8
# features: [vector.ramp, dtype.int32]
# description: a Ramp with stride 0 repeats its base
# arg A: int32[1] = [-7]
# arg B: int32[4]
# assert_return B: [-7, -7, -7, -7]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Ramp(A[0], 0, 4)
