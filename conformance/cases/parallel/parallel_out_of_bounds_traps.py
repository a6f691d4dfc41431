# ---
# spec: Semantics of Statements 12.ii; spec-readings 13 (out-of-bounds accesses are errors)
# features: [for.parallel, trap.out_of_bounds]
# description: one parallel iteration storing out of bounds is an error
# threads: 4
# arg A: int32[31]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((31,), "int32")):
    for i in T.parallel(32):
        A[i] = i
