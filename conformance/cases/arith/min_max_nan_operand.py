# ---
# spec: Evaluating PrimExprs 13.ii, 13.x-xi (float semantics of the hardware back-end)
# features: [expr.min, expr.max, dtype.float32, float.nan]
# description: reading: Min(a, b) = a < b ? a : b and Max(a, b) = a > b ? a : b (TVM's CPU code generator, and x86 minss/maxss), so a NaN in the first operand yields the second and a NaN in the second operand is returned
# arg A: float32[3] = [nan, 1.0, nan]
# arg B: float32[3] = [1.0, nan, nan]
# arg L: float32[3]
# arg H: float32[3]
# assert_return L: [1.0, nan, nan]
# assert_return H: [1.0, nan, nan]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32"), L: T.Buffer((3,), "float32"), H: T.Buffer((3,), "float32")):
    for i in range(3):
        L[i] = T.min(A[i], B[i])
        H[i] = T.max(A[i], B[i])
