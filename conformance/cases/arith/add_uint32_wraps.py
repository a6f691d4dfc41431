# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iii
# features: [expr.add, dtype.uint32, arith.int_wraparound]
# description: uint32 addition wraps modulo 2^32
# arg A: uint32[2] = [4294967295, 4000000000]
# arg B: uint32[2] = [1, 500000000]
# arg C: uint32[2]
# assert_return C: [0, 205032704]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint32"), B: T.Buffer((2,), "uint32"), C: T.Buffer((2,), "uint32")):
    for i in range(2):
        C[i] = A[i] + B[i]
