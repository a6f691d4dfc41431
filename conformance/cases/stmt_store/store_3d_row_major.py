# ---
# spec: Semantics of Statements 5.v.b; Buffers (index (i, j, k) of shape (2, 2, 3)); PrimFunc 1.ii.b (row-major DLTensor)
# features: [stmt.store, buffer.multidim, for.grid]
# description: a 3-d store writes element (i, j, k) of a (2, 2, 3) buffer, observed in C order
# arg A: int32[2, 2, 3]
# assert_return A: [0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112]
# ---
@T.prim_func
def main(A: T.Buffer((2, 2, 3), "int32")):
    for i, j, k in T.grid(2, 2, 3):
        A[i, j, k] = i * 100 + j * 10 + k
