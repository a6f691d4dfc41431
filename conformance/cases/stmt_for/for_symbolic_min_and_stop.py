# ---
# spec: Semantics of Statements 12.i; spec-readings 2
# features: [for.serial]
# description: `range(a, b)` with scalar parameters runs a, ..., b - 1
# arg a: int32 = 1
# arg b: int32 = 4
# arg A: int32[5]
# assert_return A: [0, 1, 1, 1, 0]
# ---
@T.prim_func
def main(a: T.int32, b: T.int32, A: T.Buffer((5,), "int32")):
    for i in range(a, b):
        A[i] = 1
