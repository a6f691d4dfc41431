# ---
# spec: Semantics of Statements 1.ii.d (dtype must match)
# features: [binding.dtype, trap.argument_mismatch, dtype.float64]
# description: a float64 tensor passed for a float32 buffer parameter is rejected
# arg A: float64[4] = [1, 2, 3, 4]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1)
