# ---
# spec: Semantics of Statements 5.v.c-d; spec-readings 13
# features: [vector.scatter, trap.out_of_bounds]
# description: a scatter with a negative lane index is an out-of-bounds error
# arg A: float32[4] = [1.0, 2.0, 3.0, 4.0]
# arg I: int32[4] = [0, -1, 2, 3]
# arg B: float32[4]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), I: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[I[0:4]] = A[0:4]
