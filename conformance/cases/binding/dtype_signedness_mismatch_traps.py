# ---
# spec: Semantics of Statements 1.ii.d (dtype must match)
# features: [binding.dtype, trap.argument_mismatch, dtype.uint32]
# description: a uint32 tensor passed for an int32 buffer parameter is rejected
# arg A: uint32[4] = [1, 2, 3, 4]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = 1
