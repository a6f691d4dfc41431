# ---
# spec: tvmscript.md 5.2, 6.1, 12.1; Evaluating PrimExprs 5
# features: [literal.python, dtype.float32, dtype.int8, dtype.bool, cast.store_conversion]
# description: Python literals stored into a buffer of another dtype are converted to the buffer dtype
# arg A: float32[2]
# arg B: int8[2]
# arg C: float64[1]
# assert_return A: [1.0, -3.0]
# assert_return B: [3, -5]
# assert_return C: [2.5]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "int8"), C: T.Buffer((1,), "float64")):
    A[0] = 1
    A[1] = -3
    B[0] = 3
    B[1] = -5
    C[0] = 2.5
