# ---
# spec: Semantics of Statements 1.ii.c (address uses t->strides), 1.ii.d (an IntImm stride must equal t->strides[i]); tvmscript.md 4.2
# features: [binding.strides, buffer.strides]
# description: a buffer declaring the constant strides [4, 1] reads a (2, 3) tensor with row stride 4 element by element
# arg A: float32[2, 3] strides=[4, 1] = [1, 2, 3, 4, 5, 6]
# arg B: float32[2, 3]
# assert_return B: [1, 2, 3, 4, 5, 6]
# ---
@T.prim_func
def main(a: T.handle, B: T.Buffer((2, 3), "float32")):
    A = T.match_buffer(a, (2, 3), "float32", strides=[4, 1])
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j]
