# ---
# spec: Semantics of Statements 5.v.d; spec-readings 13
# features: [stmt.store, trap.out_of_bounds]
# description: a store at index -1 is an out-of-bounds error
# arg n: int32 = -1
# arg A: int32[4]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((4,), "int32")):
    A[n] = 1
