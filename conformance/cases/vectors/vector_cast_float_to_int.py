# ---
# spec: Evaluating PrimExprs 5
# features: [vector.cast, cast.float_to_int, vector.slice, dtype.float32, dtype.int32]
# description: a float32x4 to int32x4 cast truncates each lane toward zero
# arg A: float32[4] = [2.7, -2.7, -0.5, 100.99]
# arg B: int32[4]
# assert_return B: [2, -2, 0, 100]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Cast("int32x4", A[0:4])
