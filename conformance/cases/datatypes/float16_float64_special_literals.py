# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b; Evaluating PrimExprs 3
# features: [dtype.float16, dtype.float64, literal.floatimm, float.inf, float.nan]
# description: NaN and infinities are valid immediates at every float width (they are exempt from the range rule)
# arg A: float16[3]
# arg B: float64[3]
# assert_return A: [inf, -inf, nan]
# assert_return B: [inf, -inf, nan]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float16"), B: T.Buffer((3,), "float64")):
    A[0] = T.float16("inf")
    A[1] = T.float16("-inf")
    A[2] = T.float16("nan")
    B[0] = T.float64("inf")
    B[1] = T.float64("-inf")
    B[2] = T.float64("nan")
