# ---
# spec: Evaluating PrimExprs 16.i-vii (IEEE 754 comparison)
# features: [expr.eq, expr.ne, expr.lt, expr.le, dtype.float32, float.signed_zero, dtype.bool]
# description: -0.0 and +0.0 compare equal: EQ true, NE false, LT false, LE true
# arg A: float32[1] = [-0.0]
# arg B: float32[1] = [0.0]
# arg R: bool[4]
# assert_return R: [true, false, false, true]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float32"), R: T.Buffer((4,), "bool")):
    R[0] = A[0] == B[0]
    R[1] = A[0] != B[0]
    R[2] = A[0] < B[0]
    R[3] = A[0] <= B[0]
