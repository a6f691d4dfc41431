# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13
# features: [expr.add, typing.binary_op, vector.slice]
# description: T.Add of an int32x4 and an int32x8 value is a type error (the dtypes differ in lanes)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), C: T.Buffer((8,), "int32")):
    C[0:4] = T.Add(A[0:4], B[0:8])
