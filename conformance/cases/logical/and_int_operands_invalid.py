# ---
# spec: Rules for Assigning Datatypes to PrimExprs 14
# features: [expr.and, typing.logical, dtype.int32]
# description: T.And with int32 operands is a type error (both must be bool)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32"), R: T.Buffer((1,), "bool")):
    R[0] = T.And(A[0], B[0])
