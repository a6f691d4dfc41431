# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13; spec-readings 11
# features: [expr.add, typing.binary_op, vector.slice]
# description: T.Add of an int32 scalar and an int32x4 vector is a type error (only Python operators broadcast)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    C[0:4] = T.Add(A[0], B[0:4])
