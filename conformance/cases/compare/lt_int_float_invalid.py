# ---
# spec: Rules for Assigning Datatypes to PrimExprs 16; spec-readings 11
# features: [expr.lt, typing.compare, dtype.int32, dtype.float32]
# description: int32 < float32 is a type error (no promotion in comparisons)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "float32"), R: T.Buffer((1,), "bool")):
    R[0] = A[0] < B[0]
