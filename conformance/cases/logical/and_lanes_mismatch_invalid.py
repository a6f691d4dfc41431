# ---
# spec: Rules for Assigning Datatypes to PrimExprs 14 (same number of lanes)
# features: [expr.and, typing.logical, vector.slice]
# description: T.And of a bool scalar and a boolx4 vector is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), R: T.Buffer((4,), "bool")):
    R[0:4] = T.And(A[0] > 0, A[0:4] > 0)
