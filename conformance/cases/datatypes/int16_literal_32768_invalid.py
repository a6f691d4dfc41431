# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.d
# features: [dtype.int16, literal.intimm, typing.intimm_range]
# description: IntImm(32768, int16) is out of range and is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int16")):
    A[0] = T.int16(32768)
