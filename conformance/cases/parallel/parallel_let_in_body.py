# ---
# spec: Semantics of Statements 12.ii, 2 (each execution binds its own let var)
# features: [for.parallel, stmt.let]
# description: a let in a parallel body is private to each iteration
# threads: 4
# arg A: int32[8] = [1, 2, 3, 4, 5, 6, 7, 8]
# arg B: int32[8]
# assert_return B: [3, 8, 15, 24, 35, 48, 63, 80]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in T.parallel(8):
        x: T.int32 = A[i] + 2
        B[i] = x * A[i]
