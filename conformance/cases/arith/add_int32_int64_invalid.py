# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.add, typing.binary_op, dtype.int32, dtype.int64]
# description: T.Add builds the node exactly, so int32 + int64 operands are a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int64"), C: T.Buffer((1,), "int64")):
    C[0] = T.Add(A[0], B[0])
