# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.d
# features: [dtype.int8, literal.intimm, typing.intimm_range]
# description: IntImm(128, int8) is out of range and is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int8")):
    A[0] = T.int8(128)
