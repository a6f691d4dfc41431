# ---
# spec: Semantics of Statements 7 (allocation scoped to its body), 12.i
# features: [stmt.allocate, for.serial]
# description: an allocation inside a loop whose extent depends on the loop var
# arg B: int32[4]
# assert_return B: [0, 1, 3, 6]
# ---
@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    for i in range(4):
        p = T.allocate([i + 1], "int32", "global")
        S = T.Buffer((i + 1,), "int32", data=p)
        for j in range(i + 1):
            S[j] = j
        B[i] = 0
        for j in range(i + 1):
            B[i] = B[i] + S[j]
