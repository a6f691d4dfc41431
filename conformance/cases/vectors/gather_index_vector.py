# ---
# spec: Evaluating PrimExprs 7.v; tvmscript.md 6.6
# features: [vector.gather, vector.slice, dtype.float32]
# description: A[I[0:4]] gathers with an index vector loaded from a buffer (indices may repeat)
# arg A: float32[4] = [10.0, 20.0, 30.0, 40.0]
# arg I: int32[4] = [3, 0, 2, 2]
# arg B: float32[4]
# assert_return B: [40.0, 10.0, 30.0, 30.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), I: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[0:4] = A[I[0:4]]
