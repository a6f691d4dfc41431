# ---
# spec: Semantics of Statements 7; spec-readings 13 (out-of-bounds accesses are errors)
# features: [stmt.allocate, trap.out_of_bounds]
# description: writing past the end of an allocated buffer is a runtime error
# arg B: int32[1]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(B: T.Buffer((1,), "int32")):
    S = T.decl_buffer((4,), "int32")
    for i in range(5):
        S[i] = i
    B[0] = S[0]
