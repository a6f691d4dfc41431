# ---
# spec: Semantics of Statements 7.iv (a buffer of shape extents')
# features: [stmt.allocate, buffer.multidim]
# description: a 2-d allocation viewed as a (2, 3) buffer, transposed into the output
# arg A: float32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: float32[3, 2]
# assert_return B: [1, 4, 2, 5, 3, 6]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((3, 2), "float32")):
    p = T.allocate([2, 3], "float32", "global")
    S = T.Buffer((2, 3), "float32", data=p)
    for i, j in T.grid(2, 3):
        S[i, j] = A[i, j]
    for j, i in T.grid(3, 2):
        B[j, i] = S[i, j]
