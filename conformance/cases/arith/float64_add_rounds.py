# ---
# spec: Evaluating PrimExprs 13.ii-iii (IEEE 754)
# features: [expr.add, dtype.float64, float.rounding, float.inf]
# description: float64 addition is IEEE binary64 (0.1 + 0.2 = 0.30000000000000004, 2^53 + 1 = 2^53, overflow to inf)
# arg A: float64[3] = [0.1, 9007199254740992.0, 1e+308]
# arg B: float64[3] = [0.2, 1.0, 1e+308]
# arg C: float64[3]
# assert_return C: [0.30000000000000004, 9007199254740992.0, inf]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float64"), B: T.Buffer((3,), "float64"), C: T.Buffer((3,), "float64")):
    for i in range(3):
        C[i] = A[i] + B[i]
