# ---
# spec: Semantics of Statements 5.v.c; tvmscript.md 5.2
# features: [vector.scatter, vector.slice, dtype.float32]
# description: B[I[0:4]] = v scatters lane j of v to element I[j]
# arg A: float32[4] = [1.0, 2.0, 3.0, 4.0]
# arg I: int32[4] = [3, 1, 0, 2]
# arg B: float32[4]
# assert_return B: [3.0, 2.0, 4.0, 1.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), I: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[I[0:4]] = A[0:4]
