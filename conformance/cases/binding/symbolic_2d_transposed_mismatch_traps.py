# ---
# spec: Semantics of Statements 1.ii.d
# features: [binding.symbolic, shape.symbolic, trap.argument_mismatch]
# description: A (n, m) binds n = 2, m = 3; a B of shape (2, 3) for (m, n) is rejected
# arg A: int32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: int32[2, 3]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    m = T.int32()
    A = T.match_buffer(a, (n, m), "int32")
    B = T.match_buffer(b, (m, n), "int32")
    for i, j in T.grid(n, m):
        B[j, i] = A[i, j]
