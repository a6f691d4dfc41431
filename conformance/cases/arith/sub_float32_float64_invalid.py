# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.sub, typing.binary_op, dtype.float32, dtype.float64]
# description: T.Sub with float32 and float64 operands is a type error (no promotion in node constructors)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float64"), C: T.Buffer((1,), "float64")):
    C[0] = T.Sub(A[0], B[0])
