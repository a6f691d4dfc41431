# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_to_int, dtype.float32, dtype.int32]
# description: float to int casts truncate toward zero
# arg A: float32[6] = [2.7, -2.7, 0.5, -0.5, -0.0, 1000000000.0]
# arg B: int32[6]
# assert_return B: [2, -2, 0, 0, 0, 1000000000]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        B[i] = T.Cast("int32", A[i])
