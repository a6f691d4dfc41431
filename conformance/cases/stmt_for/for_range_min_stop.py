# ---
# spec: Semantics of Statements 12.i; spec-readings 2 (min, min+1, ..., min+extent-1); tvmscript.md 5.3
# features: [for.serial]
# description: `range(2, 5)` runs 2, 3, 4 only
# arg A: int32[6]
# assert_return A: [0, 0, 20, 30, 40, 0]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32")):
    for i in range(2, 5):
        A[i] = i * 10
