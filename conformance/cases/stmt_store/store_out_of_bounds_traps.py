# ---
# spec: Semantics of Statements 5.v.d; spec-readings 13 (out-of-bounds accesses are errors)
# features: [stmt.store, trap.out_of_bounds]
# description: a store one past the end of the buffer is a runtime error
# arg A: int32[4]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(5):
        A[i] = i
