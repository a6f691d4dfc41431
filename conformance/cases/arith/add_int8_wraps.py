# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iii
# features: [expr.add, dtype.int8, arith.int_wraparound]
# description: int8 addition wraps modulo 2^8 (two's complement)
# arg A: int8[4] = [127, -128, 100, -1]
# arg B: int8[4] = [1, -1, 100, 1]
# arg C: int8[4]
# assert_return C: [-128, 127, -56, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8"), C: T.Buffer((4,), "int8")):
    for i in range(4):
        C[i] = A[i] + B[i]
