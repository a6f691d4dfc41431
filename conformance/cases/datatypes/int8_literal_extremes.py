# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.d; Evaluating PrimExprs 2
# features: [dtype.int8, literal.intimm]
# description: T.int8 accepts the extreme values -128 and 127 (range is [-2^7, 2^7))
# arg A: int8[2]
# assert_return A: [-128, 127]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int8")):
    A[0] = T.int8(-128)
    A[1] = T.int8(127)
