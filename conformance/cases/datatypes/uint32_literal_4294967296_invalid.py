# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.c
# features: [dtype.uint32, literal.intimm, typing.intimm_range]
# description: IntImm(2^32, uint32) is out of range and is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "uint32")):
    A[0] = T.uint32(4294967296)
