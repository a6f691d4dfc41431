# ---
# spec: Rules for Assigning Datatypes to PrimExprs 6.i.b
# features: [expr.select, typing.select]
# description: Select values of dtypes int32 and float32 are a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "float32"), R: T.Buffer((1,), "float32")):
    R[0] = T.Select(A[0] > 0, A[0], B[0])
