# ---
# spec: Evaluating PrimExprs 7.v-vi; spec-readings 13
# features: [vector.gather, trap.out_of_bounds]
# description: a gather with one out-of-bounds lane (index 4 of a 4-element buffer) is an error
# arg A: float32[4] = [10.0, 20.0, 30.0, 40.0]
# arg I: int32[4] = [0, 1, 4, 2]
# arg B: float32[4]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), I: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[0:4] = A[I[0:4]]
