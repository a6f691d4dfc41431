# ---
# spec: Rules for Assigning Datatypes to PrimExprs 9.i.b
# features: [vector.broadcast, typing.broadcast]
# description: a Broadcast to 1 lane is a type error (lanes must be > 1)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.Broadcast(A[0], 1)
