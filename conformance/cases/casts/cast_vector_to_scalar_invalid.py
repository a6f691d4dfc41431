# ---
# spec: Rules for Assigning Datatypes to PrimExprs 5
# features: [expr.cast, typing.cast_lanes, vector.slice]
# description: Cast requires equal lane counts: a float32x4 value cannot be cast to the scalar int32
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    B[0] = T.Cast("int32", A[0:4])
