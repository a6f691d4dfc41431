# ---
# spec: Evaluating PrimExprs 13.i-iii
# features: [vector.slice, vector.lanes_16, expr.add, dtype.uint8, arith.int_wraparound]
# description: uint8x16 addition wraps in every lane independently
# arg A: uint8[16] = [0, 1, 2, 3, 100, 127, 128, 200, 250, 251, 252, 253, 254, 255, 255, 255]
# arg B: uint8[16] = [255, 255, 255, 255, 156, 129, 128, 56, 6, 5, 4, 3, 2, 1, 0, 255]
# arg C: uint8[16]
# assert_return C: [255, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 254]
# ---
@T.prim_func
def main(A: T.Buffer((16,), "uint8"), B: T.Buffer((16,), "uint8"), C: T.Buffer((16,), "uint8")):
    C[0:16] = A[0:16] + B[0:16]
