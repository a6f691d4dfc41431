# ---
# spec: Semantics of Statements 1.ii.d
# features: [binding.symbolic, shape.symbolic]
# description: a square buffer (n, n) given a (3, 3) tensor binds n = 3 and writes the diagonal
# arg A: int32[3, 3]
# assert_return A: [1, 0, 0, 0, 1, 0, 0, 0, 1]
# ---
@T.prim_func
def main(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, n), "int32")
    for i in range(n):
        A[i, i] = 1
