# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.v
# features: [expr.mul, dtype.int8, arith.int_wraparound]
# description: int8 multiplication keeps the low 8 bits of the product
# arg A: int8[4] = [16, -128, 100, -3]
# arg B: int8[4] = [16, -1, 3, 50]
# arg C: int8[4]
# assert_return C: [0, -128, 44, 106]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8"), C: T.Buffer((4,), "int8")):
    for i in range(4):
        C[i] = A[i] * B[i]
