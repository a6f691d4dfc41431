# ---
# spec: Semantics of Statements 1.ii.c (element address = data + S * sum(indices[k] * strides[k]))
# features: [binding.strides]
# description: a column-major (3, 2) view with strides [1, 3] is read in logical order
# arg A: int32[3, 2] strides=[1, 3] = [1, 2, 3, 4, 5, 6]
# arg B: int32[6]
# assert_return B: [1, 2, 3, 4, 5, 6]
# ---
@T.prim_func
def main(a: T.handle, B: T.Buffer((6,), "int32")):
    A = T.match_buffer(a, (3, 2), "int32", strides=("s0", "s1"))
    for i, j in T.grid(3, 2):
        B[i * 2 + j] = A[i, j]
