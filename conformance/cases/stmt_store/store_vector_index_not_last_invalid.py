# ---
# spec: Typing Rules for Statements 4.i (all indices except the last must be scalars)
# features: [stmt.store, typing.buffer_store, vector.ramp]
# description: a vector index in a non-last position is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4, 4), "int32")):
    A[T.Ramp(0, 1, 4), 0] = T.Broadcast(1, 4)
