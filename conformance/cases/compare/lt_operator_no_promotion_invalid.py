# ---
# spec: Rules for Assigning Datatypes to PrimExprs 16; spec-readings 11 (comparisons never promote)
# features: [expr.lt, typing.compare, dtype.int32, dtype.int64]
# description: the Python < operator does not promote: int32 < int64 is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int64"), R: T.Buffer((1,), "bool")):
    R[0] = A[0] < B[0]
