# ---
# spec: Semantics of Statements 12.i; tvmscript.md 5.3 (T.serial(start, stop))
# features: [for.serial]
# description: `T.serial(1, 4)` runs 1, 2, 3
# arg A: int32[4]
# assert_return A: [0, 2, 4, 6]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in T.serial(1, 4):
        A[i] = i * 2
