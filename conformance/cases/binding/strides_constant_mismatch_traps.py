# ---
# spec: Semantics of Statements 1.ii.d (an IntImm stride whose value does not match t->strides[i] raises an error)
# features: [binding.strides, buffer.strides, trap.argument_mismatch]
# description: a compact (2, 3) tensor (row stride 3) passed to a buffer declaring the constant strides [4, 1] is rejected
# arg A: float32[2, 3] = [1, 2, 3, 4, 5, 6]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(a: T.handle):
    A = T.match_buffer(a, (2, 3), "float32", strides=[4, 1])
    A[0, 0] = 1.0
