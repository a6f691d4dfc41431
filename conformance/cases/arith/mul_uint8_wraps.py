# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.v
# features: [expr.mul, dtype.uint8, arith.int_wraparound]
# description: uint8 multiplication keeps the low 8 bits of the product
# arg A: uint8[3] = [16, 255, 200]
# arg B: uint8[3] = [16, 255, 2]
# arg C: uint8[3]
# assert_return C: [0, 1, 144]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "uint8"), B: T.Buffer((3,), "uint8"), C: T.Buffer((3,), "uint8")):
    for i in range(3):
        C[i] = A[i] * B[i]
