# ---
# spec: Evaluating PrimExprs 13.i, 13.x-xi
# features: [expr.min, expr.max, vector.slice, dtype.int8]
# description: T.min and T.max on int8x4 vectors act lane by lane
# arg A: int8[4] = [-128, 5, 0, 127]
# arg B: int8[4] = [127, -5, 0, -128]
# arg L: int8[4]
# arg H: int8[4]
# assert_return L: [-128, -5, 0, -128]
# assert_return H: [127, 5, 0, 127]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8"), L: T.Buffer((4,), "int8"), H: T.Buffer((4,), "int8")):
    L[0:4] = T.min(A[0:4], B[0:4])
    H[0:4] = T.max(A[0:4], B[0:4])
