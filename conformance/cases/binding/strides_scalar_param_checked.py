# ---
# spec: Semantics of Statements 1.ii.d (a stride that is an already bound Var must equal t->strides[i]); PrimFunc 2 (scalar parameters are bound first)
# features: [binding.strides, binding.scalar, buffer.strides]
# description: strides=[p, 1] with the scalar parameter p = 4 reads a tensor with row stride 4 (TVM's test_tir_specialize mem_copy form)
# arg A: float32[2, 3] strides=[4, 1] = [1, 2, 3, 4, 5, 6]
# arg B: float32[2, 3]
# arg p: int32 = 4
# assert_return B: [1, 2, 3, 4, 5, 6]
# ---
@T.prim_func
def main(a: T.handle, B: T.Buffer((2, 3), "float32"), p: T.int32):
    A = T.match_buffer(a, (2, 3), "float32", strides=[p, 1])
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j]
