# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.c
# features: [dtype.uint8, literal.intimm, typing.intimm_range]
# description: a negative UInt immediate is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "uint8")):
    A[0] = T.uint8(-1)
