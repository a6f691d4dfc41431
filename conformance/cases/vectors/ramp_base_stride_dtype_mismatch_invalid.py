# ---
# spec: Rules for Assigning Datatypes to PrimExprs 8.i.b
# features: [vector.ramp, typing.ramp, dtype.int32, dtype.int64]
# description: a Ramp with an int32 base and an int64 stride is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Ramp(A[0], T.int64(1), 4)
