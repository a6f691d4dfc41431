# ---
# spec: Semantics of Statements 12.ii; Semantics of Statements 1.ii.d (symbolic shape)
# features: [for.parallel, shape.symbolic]
# description: a parallel loop over a symbolic extent bound from the tensor
# threads: 4
# arg A: float32[10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
# arg B: float32[10]
# assert_return B: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5]
# ---
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")
    for i in T.parallel(n):
        B[i] = A[i] * T.float32(0.5)
