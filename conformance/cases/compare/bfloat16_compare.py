# ---
# spec: Evaluating PrimExprs 16.i (bfloat16 format)
# features: [expr.lt, expr.eq, dtype.bfloat16, dtype.bool]
# description: bfloat16 comparisons on values one bfloat16 ulp apart
# arg A: bfloat16[2] = [1.0, 1.0078125]
# arg B: bfloat16[2] = [1.0078125, 1.0078125]
# arg LT: bool[2]
# arg EQ: bool[2]
# assert_return LT: [true, false]
# assert_return EQ: [false, true]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "bfloat16"), B: T.Buffer((2,), "bfloat16"), LT: T.Buffer((2,), "bool"), EQ: T.Buffer((2,), "bool")):
    for i in range(2):
        LT[i] = A[i] < B[i]
        EQ[i] = A[i] == B[i]
