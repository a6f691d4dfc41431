# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.max, typing.binary_op, dtype.float16, dtype.float32]
# description: T.Max with float16 and float32 operands is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float16"), B: T.Buffer((1,), "float32"), C: T.Buffer((1,), "float32")):
    C[0] = T.Max(A[0], B[0])
