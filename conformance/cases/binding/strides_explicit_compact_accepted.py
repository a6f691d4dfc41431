# ---
# spec: Semantics of Statements 1.ii.d; spec-readings 14 (explicit strides describing a compact row-major layout count as compact)
# features: [binding.strides]
# description: explicit strides [3, 1] for a (2, 3) tensor are accepted by a buffer without declared strides
# arg A: float32[2, 3] strides=[3, 1] = [1, 2, 3, 4, 5, 6]
# arg B: float32[1]
# assert_return B: [21]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.float32(0)
    for i, j in T.grid(2, 3):
        B[0] = B[0] + A[i, j]
