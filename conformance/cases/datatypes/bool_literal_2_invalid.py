# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.c
# features: [dtype.bool, literal.intimm, typing.intimm_range]
# description: bool is UInt with 1 bit, so an immediate of 2 is not below 2^1 and is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "bool")):
    A[0] = T.bool(2)
