# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_to_float, dtype.int32, dtype.float32]
# description: int32 to float32 rounds to nearest, ties to even (2^24+1 -> 2^24, 2^24+3 -> 2^24+4, 2^31-1 -> 2^31)
# arg A: int32[5] = [16777217, 16777219, 16777218, -16777217, 2147483647]
# arg B: float32[5]
# assert_return B: [16777216.0, 16777220.0, 16777218.0, -16777216.0, 2147483648.0]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.Cast("float32", A[i])
