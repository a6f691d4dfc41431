# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.floordiv, typing.binary_op, dtype.int32, dtype.int64]
# description: T.FloorDiv with int32 and int64 operands is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int64"), R: T.Buffer((1,), "int64")):
    R[0] = T.FloorDiv(A[0], B[0])
