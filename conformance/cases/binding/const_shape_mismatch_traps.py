# ---
# spec: Semantics of Statements 1.ii.d (an IntImm shape entry must match t->shape[i])
# features: [binding.shape, trap.argument_mismatch]
# description: a 5-element tensor passed for a buffer declared (4,) is rejected
# arg A: float32[5]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1)
