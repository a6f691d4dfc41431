# ---
# spec: Evaluating PrimExprs 8; Rules for Assigning Datatypes to PrimExprs 8
# features: [vector.ramp, dtype.int32]
# description: Ramp(b, s, 4) is [b, b + s, b + 2s, b + 3s]
# arg A: int32[1] = [10]
# arg B: int32[4]
# assert_return B: [10, 13, 16, 19]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Ramp(A[0], 3, 4)
