# ---
# spec: Rules for Assigning Datatypes to PrimExprs 6.i.a
# features: [expr.select, typing.select]
# description: a Select condition of dtype int32 is a type error (it must be bool)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), R: T.Buffer((1,), "int32")):
    R[0] = T.Select(A[0], 1, 2)
