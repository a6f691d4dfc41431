# ---
# spec: Semantics of Statements 1.ii.d (bound Var checked against the next buffer)
# features: [binding.symbolic, shape.symbolic]
# description: n bound to 3 from A and equal to B's extent: the copy runs
# arg A: float32[3] = [1, 2, 3]
# arg B: float32[3]
# assert_return B: [2, 4, 6]
# ---
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")
    for i in range(n):
        B[i] = A[i] * T.float32(2)
