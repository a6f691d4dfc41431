# ---
# spec: Semantics of Statements 12.iii, 10
# features: [for.vectorized, stmt.if]
# description: a vectorized loop whose body is an if gives the serial result
# arg A: int32[8] = [5, -3, 2, -8, 0, 7, -1, 4]
# arg B: int32[8]
# assert_return B: [5, 0, 2, 0, 0, 7, 0, 4]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in T.vectorized(8):
        if A[i] > 0:
            B[i] = A[i]
