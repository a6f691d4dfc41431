# ---
# spec: Semantics of Statements 12.i (serial For); spec-readings 2
# features: [for.serial]
# description: `for i in range(4)` runs i = 0, 1, 2, 3
# arg A: int32[4]
# assert_return A: [1, 2, 3, 4]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = i + 1
