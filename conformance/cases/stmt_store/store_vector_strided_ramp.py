# ---
# spec: Semantics of Statements 5.v.c (last index a Ramp); Expr semantics 8 (Ramp)
# features: [stmt.store, vector.ramp]
# description: a store with index T.Ramp(1, 2, 4) writes elements 1, 3, 5, 7
# arg B: int32[8]
# assert_return B: [0, 7, 0, 7, 0, 7, 0, 7]
# ---
@T.prim_func
def main(B: T.Buffer((8,), "int32")):
    B[T.Ramp(1, 2, 4)] = T.Broadcast(7, 4)
