# ---
# spec: Evaluating PrimExprs 13.iii, 16.i-ii, 16.vii
# features: [expr.eq, expr.gt, expr.add, dtype.float64, dtype.bool]
# description: in float64, 0.1 + 0.2 is not equal to 0.3 (it is 0.30000000000000004, above it)
# arg A: float64[3] = [0.1, 0.2, 0.3]
# arg R: bool[2]
# assert_return R: [false, true]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float64"), R: T.Buffer((2,), "bool")):
    R[0] = A[0] + A[1] == A[2]
    R[1] = A[0] + A[1] > A[2]
