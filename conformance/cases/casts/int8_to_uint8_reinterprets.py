# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_sign_change, dtype.int8, dtype.uint8]
# description: int8 to uint8 is value modulo 2^8
# arg A: int8[4] = [-1, -128, 127, 0]
# arg B: uint8[4]
# assert_return B: [255, 128, 127, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "uint8")):
    for i in range(4):
        B[i] = T.Cast("uint8", A[i])
