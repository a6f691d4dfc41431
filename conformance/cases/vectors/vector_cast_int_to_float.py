# ---
# spec: Evaluating PrimExprs 5 (vector casts element by element)
# features: [vector.cast, cast.int_to_float, vector.slice, dtype.int32, dtype.float32]
# description: T.Cast("float32x4", int32x4) converts each lane (2^24 + 1 rounds to 2^24)
# arg A: int32[4] = [1, -2, 16777217, 0]
# arg B: float32[4]
# assert_return B: [1.0, -2.0, 16777216.0, 0.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[0:4] = T.Cast("float32x4", A[0:4])
