# ---
# spec: Buffer typing rule 3.ii (all strides share one dtype); Semantics of Statements 1.ii.d (a bound stride Var must equal t->strides[i])
# features: [binding.strides, binding.scalar, buffer.strides]
# description: strides=[p, 1] with an int64 parameter p: the literal 1 takes p's dtype, and p = 4 matches the tensor's row stride
# arg A: float32[2, 3] strides=[4, 1] = [1, 2, 3, 4, 5, 6]
# arg B: float32[2, 3]
# arg p: int64 = 4
# assert_return B: [1, 2, 3, 4, 5, 6]
# ---
@T.prim_func
def main(a: T.handle, B: T.Buffer((2, 3), "float32"), p: T.int64):
    A = T.match_buffer(a, (2, 3), "float32", strides=[p, 1])
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j]
