# ---
# spec: Semantics of Statements 7 (Allocate), 8 (DeclBuffer); tvmscript.md 5.5
# features: [stmt.allocate, buffer.view]
# description: `p = T.allocate(...)` plus `T.Buffer(..., data=p)` gives scratch memory that is written then read
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[4]
# assert_return B: [4, 3, 2, 1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    S = T.Buffer((4,), "int32", data=p)
    for i in range(4):
        S[i] = A[i]
    for i in range(4):
        B[i] = S[3 - i]
