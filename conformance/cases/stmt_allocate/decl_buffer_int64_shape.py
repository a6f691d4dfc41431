# ---
# spec: Semantics of Statements 7, 8; Typing Rules for Statements 6.ii
# features: [stmt.decl_buffer, dtype.int64]
# description: a decl_buffer with an int64 shape indexed by int64 loop vars
# arg A: int64[3] = [5, 6, 7]
# arg B: int64[3]
# assert_return B: [10, 12, 14]
# ---
@T.prim_func
def main(A: T.Buffer((T.int64(3),), "int64"), B: T.Buffer((T.int64(3),), "int64")):
    S = T.decl_buffer((T.int64(3),), "int64")
    for i in range(T.int64(3)):
        S[i] = A[i] * T.int64(2)
    for i in range(T.int64(3)):
        B[i] = S[i]
