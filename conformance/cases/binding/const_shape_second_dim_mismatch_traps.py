# ---
# spec: Semantics of Statements 1.ii.d (every shape entry is checked)
# features: [binding.shape, trap.argument_mismatch]
# description: a (2, 4) tensor passed for a buffer declared (2, 3) is rejected
# arg A: int32[2, 4]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    A[0, 0] = 1
