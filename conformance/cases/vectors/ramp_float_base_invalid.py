# ---
# spec: Rules for Assigning Datatypes to PrimExprs 8.i.c («dtype(base)->code and dtype(stride)->code must be Int or UInt»); spec-readings 12
# features: [vector.ramp, typing.ramp, dtype.float32]
# description: a Ramp of float32 base and stride is a type error
# guillemets: the spec restricts Ramp to Int/UInt; TVM accepts float Ramps
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = T.Ramp(A[0], T.float32(1), 4)
