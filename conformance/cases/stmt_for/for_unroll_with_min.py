# ---
# spec: Semantics of Statements 12.iv; tvmscript.md 5.3
# features: [for.unroll]
# description: `T.unroll(2, 5)` runs 2, 3, 4
# arg A: int32[5]
# assert_return A: [0, 0, 4, 9, 16]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    for i in T.unroll(2, 5):
        A[i] = i * i
