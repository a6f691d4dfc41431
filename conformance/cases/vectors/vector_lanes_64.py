# ---
# spec: Evaluating PrimExprs 7.v, 9, 13.i; Semantics of Statements 5.v.c
# features: [vector.lanes_64, vector.slice, vector.broadcast, expr.add, expr.mul, dtype.float32]
# description: float32x64 vectors: a 64-lane load, multiply, add of a broadcast scalar and store
# arg A: float32[64] = npy:data/lanes64_a.npy
# arg B: float32[64] = npy:data/lanes64_b.npy
# arg C: float32[64]
# assert_return C: npy:data/lanes64_c.npy
# ---
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32"), C: T.Buffer((64,), "float32")):
    C[0:64] = A[0:64] * B[0:64] + T.Broadcast(T.float32(1.5), 64)
