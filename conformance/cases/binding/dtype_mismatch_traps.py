# ---
# spec: Semantics of Statements 1.ii.d (b->dtype and t->dtype must match or else there is an error)
# features: [binding.dtype, trap.argument_mismatch]
# description: an int32 tensor passed for a float32 buffer parameter is rejected
# arg A: int32[4] = [1, 2, 3, 4]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1)
