# ---
# spec: Typing Rules for Statements 4.v (value lanes = index_lanes * buffer_lanes)
# features: [stmt.store, typing.buffer_store, vector.broadcast]
# description: storing a 4-lane value at a scalar index of a scalar buffer is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    A[0] = T.Broadcast(T.float32(1), 4)
