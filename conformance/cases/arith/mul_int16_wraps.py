# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.v
# features: [expr.mul, dtype.int16, arith.int_wraparound]
# description: int16 multiplication keeps the low 16 bits of the product
# arg A: int16[2] = [256, 182]
# arg B: int16[2] = [256, 182]
# arg C: int16[2]
# assert_return C: [0, -32412]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int16"), B: T.Buffer((2,), "int16"), C: T.Buffer((2,), "int16")):
    for i in range(2):
        C[i] = A[i] * B[i]
