# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iii
# features: [expr.add, dtype.uint16, arith.int_wraparound]
# description: uint16 addition wraps modulo 2^16
# arg A: uint16[2] = [65535, 65535]
# arg B: uint16[2] = [2, 65535]
# arg C: uint16[2]
# assert_return C: [1, 65534]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint16"), B: T.Buffer((2,), "uint16"), C: T.Buffer((2,), "uint16")):
    for i in range(2):
        C[i] = A[i] + B[i]
