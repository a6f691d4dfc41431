# ---
# spec: Semantics of Statements 10; Expr semantics 16 (IEEE comparisons); spec-readings 10
# features: [stmt.if, float.nan, dtype.float32]
# description: with a NaN operand both x < y and x >= y are false, so both ifs take their else branches
# arg A: float32[2] = [nan, 1.0]
# arg B: int32[2]
# assert_return B: [2, 2]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "int32")):
    if A[0] < A[1]:
        B[0] = 1
    else:
        B[0] = 2
    if A[0] >= A[1]:
        B[1] = 1
    else:
        B[1] = 2
