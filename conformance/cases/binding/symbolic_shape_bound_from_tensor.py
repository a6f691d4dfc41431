# ---
# spec: Semantics of Statements 1.ii.d (an unbound Var in b->shape is bound to t->shape[i]); tvmscript.md 4.4
# features: [binding.symbolic, shape.symbolic]
# description: n is bound from A's extent (5) and used as a loop extent and a value
# arg A: int32[5]
# assert_return A: [5, 6, 7, 8, 9]
# ---
@T.prim_func
def main(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    for i in range(n):
        A[i] = n + i
