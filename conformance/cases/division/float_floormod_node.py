# ---
# spec: Evaluating PrimExprs 13.ix; Rules for Assigning Datatypes to PrimExprs 13
# features: [expr.floormod, dtype.float32]
# description: the FloorMod node on floats is x - floor(x / y) * y, with the sign of the divisor
# arg A: float32[6] = [-7.0, 7.0, 5.5, -5.5, 7.0, -7.0]
# arg B: float32[6] = [2.0, 2.0, 2.0, 2.0, -2.0, -2.0]
# arg R: float32[6]
# assert_return R: [1.0, 1.0, 1.5, 0.5, -1.0, -1.0]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32"), R: T.Buffer((6,), "float32")):
    for i in range(6):
        R[i] = T.FloorMod(A[i], B[i])
