# ---
# spec: Semantics of Statements 5.iii; Typing Rules for Statements 4.iii (indices of one bitwidth)
# features: [stmt.store, dtype.int64, for.grid]
# description: a 2-d store with two int64 indices from int64 loops
# arg A: int32[2, 3]
# assert_return A: [0, 1, 2, 3, 4, 5]
# ---
@T.prim_func
def main(A: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    for i, j in T.grid(T.int64(2), T.int64(3)):
        A[i, j] = T.Cast("int32", i * T.int64(3) + j)
