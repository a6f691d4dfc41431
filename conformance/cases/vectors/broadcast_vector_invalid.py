# ---
# spec: Rules for Assigning Datatypes to PrimExprs 9.i.a
# features: [vector.broadcast, typing.broadcast, vector.slice]
# description: broadcasting a float32x4 vector is a type error (the value must be a scalar)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((8,), "float32")):
    B[0:8] = T.Broadcast(A[0:4], 2)
