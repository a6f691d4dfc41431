# ---
# spec: Rules for Assigning Datatypes to PrimExprs 16; spec-readings 11
# features: [expr.eq, typing.compare, dtype.float32, dtype.float64]
# description: float32 == float64 is a type error (no promotion in comparisons)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float64"), R: T.Buffer((1,), "bool")):
    R[0] = A[0] == B[0]
