# ---
# spec: Semantics of Statements 1.ii.d (shape and stride Vars are all bound from the DLTensor)
# features: [binding.strides, binding.symbolic, shape.symbolic]
# description: symbolic (n, m) with stride vars: a (3, 2) view with row stride 3 is summed per row
# arg A: int32[3, 2] strides=[3, 1] = [1, 2, 3, 4, 5, 6]
# arg B: int32[3]
# assert_return B: [3, 7, 11]
# ---
@T.prim_func
def main(a: T.handle, B: T.Buffer((3,), "int32")):
    n = T.int32()
    m = T.int32()
    A = T.match_buffer(a, (n, m), "int32", strides=("s0", "s1"))
    for i in range(n):
        B[i] = 0
        for j in range(m):
            B[i] = B[i] + A[i, j]
