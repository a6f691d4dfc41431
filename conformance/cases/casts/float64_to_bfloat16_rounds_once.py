# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_narrowing, dtype.float64, dtype.bfloat16]
# description: float64 to bfloat16 rounds once: 1+2^-8+2^-40 is above the halfway point, so it becomes 1+2^-7 (through float32 it would tie to 1.0)
# arg A: float64[1] = [1.0039062500009095]
# arg B: bfloat16[1]
# assert_return B: [1.0078125]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float64"), B: T.Buffer((1,), "bfloat16")):
    B[0] = T.Cast("bfloat16", A[0])
