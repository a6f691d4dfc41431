# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.c; Evaluating PrimExprs 2
# features: [dtype.uint8, literal.intimm]
# description: T.uint8 accepts 0 and 255
# arg A: uint8[2]
# assert_return A: [0, 255]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint8")):
    A[0] = T.uint8(0)
    A[1] = T.uint8(255)
