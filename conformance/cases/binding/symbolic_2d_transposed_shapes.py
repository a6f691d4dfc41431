# ---
# spec: Semantics of Statements 1.ii.d (shape Vars bound from the first buffer, checked against later ones)
# features: [binding.symbolic, shape.symbolic]
# description: A (n, m) binds n = 2, m = 3; B (m, n) must be (3, 2); a transpose runs
# arg A: int32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: int32[3, 2]
# assert_return B: [1, 4, 2, 5, 3, 6]
# ---
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    m = T.int32()
    A = T.match_buffer(a, (n, m), "int32")
    B = T.match_buffer(b, (m, n), "int32")
    for i, j in T.grid(n, m):
        B[j, i] = A[i, j]
