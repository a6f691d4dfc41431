# ---
# spec: Semantics of Statements 10
# features: [stmt.if, for.grid]
# description: nested ifs write only where both conditions hold
# arg A: int32[3, 3]
# assert_return A: [0, 0, 0, 0, 0, 0, 0, 1, 1]
# ---
@T.prim_func
def main(A: T.Buffer((3, 3), "int32")):
    for i, j in T.grid(3, 3):
        if i >= 2:
            if j >= 1:
                A[i, j] = 1
