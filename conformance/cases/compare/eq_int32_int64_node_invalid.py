# ---
# spec: Rules for Assigning Datatypes to PrimExprs 16
# features: [expr.eq, typing.compare, dtype.int32, dtype.int64]
# description: T.EQ with int32 and int64 operands is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int64"), R: T.Buffer((1,), "bool")):
    R[0] = T.EQ(A[0], B[0])
