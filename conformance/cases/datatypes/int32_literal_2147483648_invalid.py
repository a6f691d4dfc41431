# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.d
# features: [dtype.int32, literal.intimm, typing.intimm_range]
# description: IntImm(2^31, int32) is out of range and is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = T.int32(2147483648)
