# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iii
# features: [expr.add, dtype.uint8, arith.int_wraparound]
# description: uint8 addition wraps modulo 2^8
# arg A: uint8[2] = [255, 200]
# arg B: uint8[2] = [1, 100]
# arg C: uint8[2]
# assert_return C: [0, 44]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint8"), B: T.Buffer((2,), "uint8"), C: T.Buffer((2,), "uint8")):
    for i in range(2):
        C[i] = A[i] + B[i]
