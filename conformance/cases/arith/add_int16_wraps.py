# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iii
# features: [expr.add, dtype.int16, arith.int_wraparound]
# description: int16 addition wraps modulo 2^16
# arg A: int16[2] = [32767, -32768]
# arg B: int16[2] = [1, -1]
# arg C: int16[2]
# assert_return C: [-32768, 32767]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int16"), B: T.Buffer((2,), "int16"), C: T.Buffer((2,), "int16")):
    for i in range(2):
        C[i] = A[i] + B[i]
