# ---
# spec: Rules for Assigning Datatypes to PrimExprs 15
# features: [expr.not, typing.logical, dtype.float32]
# description: Python not applied to a float32 value is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), R: T.Buffer((1,), "bool")):
    R[0] = not A[0]
