# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.mul, typing.binary_op, dtype.int32, dtype.uint32]
# description: T.Mul with int32 and uint32 operands is a type error (same width, different type code)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "uint32"), C: T.Buffer((1,), "uint32")):
    C[0] = T.Mul(A[0], B[0])
