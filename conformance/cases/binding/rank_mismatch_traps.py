# ---
# spec: Semantics of Statements 1.ii.d (len(t->shape) and len(b->shape) must match)
# features: [binding.rank, trap.argument_mismatch]
# description: a 2-d tensor passed for a 1-d buffer parameter with the same element count is rejected
# arg A: int32[2, 2] = [1, 2, 3, 4]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = 1
