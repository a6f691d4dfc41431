# ---
# spec: Rules for Assigning Datatypes to PrimExprs 14; tvmscript.md 6.3
# features: [expr.or, typing.logical, dtype.int32, dtype.bool]
# description: Python or with a bool and an int32 operand is a type error (and/or never promote)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "bool"), B: T.Buffer((1,), "int32"), R: T.Buffer((1,), "bool")):
    R[0] = A[0] or B[0]
