# ---
# spec: Semantics of Statements 12.ii, 13
# features: [for.parallel, stmt.while, stmt.decl_buffer]
# description: each parallel iteration runs its own while loop (integer log2) with a private counter
# threads: 4
# arg A: int32[6] = [1, 2, 3, 8, 100, 1000]
# arg B: int32[6]
# assert_return B: [0, 1, 1, 3, 6, 9]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32"), B: T.Buffer((6,), "int32")):
    for i in T.parallel(6):
        t = T.decl_buffer((1,), "int32")
        t[0] = A[i]
        B[i] = 0
        while t[0] > 1:
            t[0] = t[0] // 2
            B[i] = B[i] + 1
