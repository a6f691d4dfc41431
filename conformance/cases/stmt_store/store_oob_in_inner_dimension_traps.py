# ---
# spec: Semantics of Statements 5.v.d; spec-readings 13 (every index is checked against its extent)
# features: [stmt.store, trap.out_of_bounds, buffer.multidim]
# description: an index past its own dimension traps even though the flat offset would be inside the buffer
# arg A: int32[2, 3]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    A[0, 3] = 1
