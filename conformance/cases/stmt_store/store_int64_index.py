# ---
# spec: Semantics of Statements 5.iii (indices are cast to the back-end index type); Typing Rules for Statements 4
# features: [stmt.store, dtype.int64]
# description: an int64 index addresses the same element as an int32 index
# arg A: int32[4]
# assert_return A: [0, 0, 5, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[T.int64(2)] = 5
