# ---
# spec: Rules for Assigning Datatypes to PrimExprs 15
# features: [expr.not, typing.logical, dtype.int32]
# description: T.Not of an int32 value is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), R: T.Buffer((1,), "bool")):
    R[0] = T.Not(A[0])
