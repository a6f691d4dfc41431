# ---
# spec: Semantics of Statements 12.iii (side effects including errors keep their order); spec-readings 13
# features: [for.vectorized, trap.out_of_bounds]
# description: a vectorized loop that reads past the end of its input is an out-of-bounds error
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[5]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((5,), "int32")):
    for i in T.vectorized(5):
        B[i] = A[i]
