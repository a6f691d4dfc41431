# ---
# spec: Rules for Assigning Datatypes to PrimExprs 5
# features: [expr.cast, typing.cast_lanes, vector.slice]
# description: Cast requires equal lane counts: int32x8 cannot be cast to float32x4
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "float32")):
    B[0:4] = T.Cast("float32x4", A[0:8])
