# ---
# spec: Semantics of Statements 1.ii.d (the first dimension binds n, the second must equal it)
# features: [binding.symbolic, shape.symbolic, trap.argument_mismatch]
# description: a square buffer (n, n) given a (2, 3) tensor is rejected
# arg A: int32[2, 3]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, n), "int32")
    for i in range(n):
        A[i, i] = 1
