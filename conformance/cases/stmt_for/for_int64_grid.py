# ---
# spec: Typing Rules for Statements 11.iv (IntImm extent promotion); tvmscript.md 5.3 (T.grid var dtype = extent dtype)
# features: [for.grid, for.int64, dtype.int64]
# description: T.grid with int64 extents gives int64 loop vars usable as int64 indices
# arg A: int64[2, 2]
# assert_return A: [0, 1, 10, 11]
# ---
@T.prim_func
def main(A: T.Buffer((T.int64(2), T.int64(2)), "int64")):
    for i, j in T.grid(T.int64(2), T.int64(2)):
        A[i, j] = i * T.int64(10) + j
