# ---
# spec: Semantics of Statements 12.ii.a (indices m, m + 1, ..., e - 1); tvmscript.md 5.3
# features: [for.parallel]
# description: `T.parallel(2, 6)` runs indices 2..5 only
# threads: 2
# arg A: int32[8] = [-1, -1, -1, -1, -1, -1, -1, -1]
# assert_return A: [-1, -1, 2, 3, 4, 5, -1, -1]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    for i in T.parallel(2, 6):
        A[i] = i
