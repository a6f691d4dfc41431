# ---
# spec: Rules for Assigning Datatypes to PrimExprs 8.i.a
# features: [vector.ramp, typing.ramp]
# description: a Ramp with 1 lane is a type error (lanes must be > 1)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.Ramp(A[0], 1, 1)
