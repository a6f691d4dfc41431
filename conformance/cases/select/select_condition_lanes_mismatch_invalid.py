# ---
# spec: Rules for Assigning Datatypes to PrimExprs 6.i.c
# features: [expr.select, typing.select, vector.slice]
# description: a boolx4 condition with int32x8 values is a type error (condition lanes must be 1 or match)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((8,), "int32"), R: T.Buffer((8,), "int32")):
    R[0:8] = T.Select(A[0:4] > 0, B[0:8], B[0:8])
