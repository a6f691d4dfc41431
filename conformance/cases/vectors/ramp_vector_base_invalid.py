# ---
# spec: Rules for Assigning Datatypes to PrimExprs 8.i.b (base and stride must have 1 lane)
# features: [vector.ramp, typing.ramp, vector.slice]
# description: a Ramp whose base is an int32x4 vector is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((16,), "int32")):
    B[0:16] = T.Ramp(A[0:4], T.Broadcast(1, 4), 4)
