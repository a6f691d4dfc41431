# ---
# spec: Semantics of Statements 1.ii.d (non-null strides: len(t->strides) must match len(b->strides)); spec-readings 14
# features: [binding.strides, trap.argument_mismatch]
# description: a non-compact tensor (row stride 4 for 3 columns) passed to a buffer that declares no strides is rejected
# arg A: float32[2, 3] strides=[4, 1] = [1, 2, 3, 4, 5, 6]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "float32")):
    A[0, 0] = T.float32(0)
