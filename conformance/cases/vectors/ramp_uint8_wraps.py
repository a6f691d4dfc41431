# ---
# spec: Evaluating PrimExprs 8.ii, 13.ii
# features: [vector.ramp, dtype.uint8, arith.int_wraparound]
# description: a uint8 Ramp wraps modulo 2^8 (250, 253, 256 -> 0, 259 -> 3)
# arg A: uint8[1] = [250]
# arg B: uint8[4]
# assert_return B: [250, 253, 0, 3]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "uint8"), B: T.Buffer((4,), "uint8")):
    B[0:4] = T.Ramp(A[0], T.uint8(3), 4)
