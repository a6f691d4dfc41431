# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_narrowing, dtype.float64, dtype.float16]
# description: float64 to float16 rounds once (as a C cast does); rounding through float32 first would give 1.0 and inf here
# arg A: float64[2] = [1.0004882812509095, 65519.99999]
# arg B: float16[2]
# assert_return B: [1.0009765625, 65504.0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float64"), B: T.Buffer((2,), "float16")):
    for i in range(2):
        B[i] = T.Cast("float16", A[i])
