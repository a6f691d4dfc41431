# ---
# spec: Semantics of Statements 14.iii.b (a bound Var shape entry equal to the region extent)
# features: [block.match_buffer, shape.symbolic]
# description: a view with shape (n,) of the region A[1:1+n] with n = 3 writes three elements
# arg n: int32 = 3
# arg A: int32[6]
# assert_return A: [0, 1, 2, 3, 0, 0]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((6,), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[1:1 + n], (n,), "int32")
            for i in range(n):
                S[i] = i + 1
