# ---
# spec: Evaluating PrimExprs 9; Rules for Assigning Datatypes to PrimExprs 9
# features: [vector.broadcast, vector.lanes_8, dtype.float32]
# description: Broadcast(v, 8) repeats the scalar v in 8 lanes
# arg A: float32[1] = [2.5]
# arg B: float32[8]
# assert_return B: [2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((8,), "float32")):
    B[0:8] = T.Broadcast(A[0], 8)
