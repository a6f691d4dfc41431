# ---
# spec: Semantics of Statements 1.ii.d (ranks must match); 1.ii.a (empty shape: a single element)
# features: [binding.rank, buffer.zero_dim, trap.argument_mismatch]
# description: a 1-element 1-d tensor passed for a zero-dimensional buffer is rejected
# arg A: int32[1] = [5]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((), "int32")):
    A[()] = 1
