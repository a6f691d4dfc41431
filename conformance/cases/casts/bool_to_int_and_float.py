# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.from_bool, dtype.bool, dtype.int32, dtype.float32, dtype.uint8]
# description: bool casts to 1/0 in integer and float types
# arg A: bool[2] = [true, false]
# arg B: int32[2]
# arg C: float32[2]
# arg D: uint8[2]
# assert_return B: [1, 0]
# assert_return C: [1.0, 0.0]
# assert_return D: [1, 0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "bool"), B: T.Buffer((2,), "int32"), C: T.Buffer((2,), "float32"), D: T.Buffer((2,), "uint8")):
    for i in range(2):
        B[i] = T.Cast("int32", A[i])
        C[i] = T.Cast("float32", A[i])
        D[i] = T.Cast("uint8", A[i])
