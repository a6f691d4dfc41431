# ---
# spec: Evaluating PrimExprs 6.iii
# features: [expr.select, float.nan, float.signed_zero, dtype.float32]
# description: Select returns its operands unchanged, including NaN and -0.0
# arg A: float32[2] = [nan, -0.0]
# arg C: bool[2] = [true, false]
# arg B: float32[2]
# assert_return B: [nan, -0.0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32"), C: T.Buffer((2,), "bool"), B: T.Buffer((2,), "float32")):
    for i in range(2):
        B[i] = T.Select(C[i], A[0], A[1])
