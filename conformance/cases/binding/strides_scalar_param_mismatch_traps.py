# ---
# spec: Semantics of Statements 1.ii.d (a stride that is an already bound Var whose value differs from t->strides[i] raises an error)
# features: [binding.strides, binding.scalar, buffer.strides, trap.argument_mismatch]
# description: strides=[p, 1] with p = 3 but a tensor whose row stride is 4 is rejected
# arg A: float32[2, 3] strides=[4, 1] = [1, 2, 3, 4, 5, 6]
# arg p: int32 = 3
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(a: T.handle, p: T.int32):
    A = T.match_buffer(a, (2, 3), "float32", strides=[p, 1])
    A[0, 0] = 1.0
