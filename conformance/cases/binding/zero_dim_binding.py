# ---
# spec: Semantics of Statements 1.ii.a (if t->shape is empty, the DLTensor stores a single element)
# features: [binding.shape, buffer.zero_dim]
# description: a zero-dimensional tensor binds to a () buffer and is read and written
# arg A: float32[] = [2.5]
# arg B: float32[] = [0]
# assert_return B: [5.0]
# ---
@T.prim_func
def main(A: T.Buffer((), "float32"), B: T.Buffer((), "float32")):
    B[()] = A[()] * T.float32(2)
