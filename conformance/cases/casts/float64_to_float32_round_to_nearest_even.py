# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_narrowing, dtype.float64, dtype.float32]
# description: float64 to float32 rounds to nearest, ties to even (1+2^-24 -> 1, 1+3*2^-24 -> 1+2^-22, 1+2^-24+2^-52 -> 1+2^-23)
# arg A: float64[4] = [1.0000000596046448, 1.0000001788139343, 1.000000059604645, -1.0000000596046448]
# arg B: float32[4]
# assert_return B: [1.0, 1.000000238418579, 1.0000001192092896, -1.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float64"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = T.Cast("float32", A[i])
