# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.add, typing.binary_op, dtype.int32, dtype.float32]
# description: T.Add with an int32 and a float32 operand is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "float32"), C: T.Buffer((1,), "float32")):
    C[0] = T.Add(A[0], B[0])
