# ---
# spec: Rules for Assigning Datatypes to PrimExprs 5
# features: [expr.cast, typing.cast_lanes]
# description: Cast requires equal lane counts: a scalar cannot be cast to float32x4
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = T.Cast("float32x4", A[0])
