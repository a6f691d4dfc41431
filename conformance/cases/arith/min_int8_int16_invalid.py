# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.min, typing.binary_op, dtype.int8, dtype.int16]
# description: T.Min with int8 and int16 operands is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int8"), B: T.Buffer((1,), "int16"), C: T.Buffer((1,), "int16")):
    C[0] = T.Min(A[0], B[0])
