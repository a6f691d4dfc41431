# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.v
# features: [expr.mul, dtype.uint32, arith.int_wraparound]
# description: uint32 multiplication keeps the low 32 bits of the product
# arg A: uint32[2] = [65536, 4294967295]
# arg B: uint32[2] = [65536, 4294967295]
# arg C: uint32[2]
# assert_return C: [0, 1]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint32"), B: T.Buffer((2,), "uint32"), C: T.Buffer((2,), "uint32")):
    for i in range(2):
        C[i] = A[i] * B[i]
