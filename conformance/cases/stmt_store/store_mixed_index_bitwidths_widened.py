# ---
# spec: Typing Rules for Statements 4.iii; spec-readings 12
# guillemets: the spec requires equal index bitwidths; TVM accepts mixed int32/int64 indices, and so does tirc without --strict (with a warning), widening each index to int64
# features: [stmt.store, typing.buffer_store, dtype.int64]
# description: without --strict, an int32 and an int64 index in one access address the same element as two int64 indices
# arg A: int32[2, 3]
# assert_return A: [[0, 1, 2], [10, 11, 12]]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    for i in range(2):
        for j in range(T.int64(3)):
            A[i, j] = i * 10 + T.Cast("int32", j)
