# ---
# spec: Evaluating PrimExprs 13.viii
# features: [expr.floordiv, dtype.int8]
# description: FloorDiv on int8 operands (same dtype, no promotion)
# arg A: int8[4] = [-128, 127, -1, 127]
# arg B: int8[4] = [3, -3, 3, 127]
# arg Q: int8[4]
# assert_return Q: [-43, -43, -1, 1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8"), Q: T.Buffer((4,), "int8")):
    for i in range(4):
        Q[i] = A[i] // B[i]
