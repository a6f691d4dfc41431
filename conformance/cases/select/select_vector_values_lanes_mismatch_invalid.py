# ---
# spec: Rules for Assigning Datatypes to PrimExprs 6.i.b
# features: [expr.select, typing.select, vector.slice]
# description: Select values of dtypes float32x4 and float32x8 are a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), R: T.Buffer((8,), "float32")):
    R[0:4] = T.Select(A[0] > T.float32(0), A[0:4], A[0:8])
