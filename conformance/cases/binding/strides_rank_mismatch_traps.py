# ---
# spec: Semantics of Statements 1.ii.d (len(t->shape) and len(b->shape) must match, also with stride vars)
# features: [binding.strides, binding.rank, trap.argument_mismatch]
# description: a 1-d strided tensor passed to a 2-d buffer with stride vars is rejected
# arg A: int32[6] strides=[2] = [1, 2, 3, 4, 5, 6]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(a: T.handle):
    A = T.match_buffer(a, (2, 3), "int32", strides=("s0", "s1"))
    A[0, 0] = 1
