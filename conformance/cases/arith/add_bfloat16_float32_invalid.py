# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.add, typing.binary_op, dtype.bfloat16, dtype.float32]
# description: T.Add with bfloat16 and float32 operands is a type error (different type codes)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "bfloat16"), B: T.Buffer((1,), "float32"), C: T.Buffer((1,), "float32")):
    C[0] = T.Add(A[0], B[0])
