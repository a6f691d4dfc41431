# ---
# spec: Rules for Assigning Datatypes to PrimExprs 16
# features: [expr.ne, typing.compare, vector.slice]
# description: T.NE of an int32x4 and an int32x8 value is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), R: T.Buffer((8,), "bool")):
    R[0:4] = T.NE(A[0:4], B[0:8])
