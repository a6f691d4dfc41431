# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_widening, dtype.uint8, dtype.int32]
# description: widening an unsigned uint8 pads with zeros
# arg A: uint8[4] = [255, 128, 1, 0]
# arg B: int32[4]
# assert_return B: [255, 128, 1, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "uint8"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Cast("int32", A[i])
